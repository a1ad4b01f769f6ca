// Call routing's limits, apart from the schemas so that a page can show them without loading zod.

/** Past ten, a caller would wait through too many rings, and the model choose among too many descriptions. */
export const MAX_DESTINATIONS = 10;

/** The countries an owner may add to their own: enough for any border practice (the column's check holds the same bound). */
export const MAX_SERVED_COUNTRIES = 20;
