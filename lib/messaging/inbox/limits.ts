// The inbox's limits, apart from the schemas so that a page can show them without loading zod.

/** Longer than this, an SMS is split into more than ten parts, which carriers may refuse. */
export const REPLY_MAX = 1000;
