// drizzle wraps driver errors (DrizzleQueryError.cause); these read the Postgres SQLSTATE wherever it sits.
type PgLike = { code?: unknown; constraint_name?: unknown; constraint?: unknown; cause?: unknown };

export function pgError(error: unknown): { code: string; constraint?: string } | null {
  let e: unknown = error;
  for (let depth = 0; e && depth < 5; depth++) {
    const p = e as PgLike;
    if (typeof p.code === "string" && /^[0-9A-Z]{5}$/.test(p.code)) {
      const constraint =
        typeof p.constraint_name === "string" ? p.constraint_name : typeof p.constraint === "string" ? p.constraint : undefined;
      return { code: p.code, constraint };
    }
    e = p.cause;
  }
  return null;
}

export const UNIQUE_VIOLATION = "23505";

export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === UNIQUE_VIOLATION && (!constraint || pg.constraint === constraint);
}

export const EXCLUSION_VIOLATION = "23P01";

/** An EXCLUDE constraint refused the row (e.g. appointments_no_overlap: two booked appointments of one user overlap). */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === EXCLUSION_VIOLATION && (!constraint || pg.constraint === constraint);
}
