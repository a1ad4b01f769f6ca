// Call routing's limits, apart from the schemas so that a page can show them without loading zod.

/** Past ten, a caller would wait through too many rings, and the model choose among too many descriptions. */
export const MAX_DESTINATIONS = 10;
