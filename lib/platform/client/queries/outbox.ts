export const outboxKeys = { all: ["outbox"] } as const;
