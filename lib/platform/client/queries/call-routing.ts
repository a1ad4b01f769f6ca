export const callRoutingKeys = { all: ["call-routing"] } as const;
