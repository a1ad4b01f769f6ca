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
export const FOREIGN_KEY_VIOLATION = "23503";

/** An EXCLUDE constraint refused the row (e.g. appointments_no_overlap: two booked appointments of one user overlap). */
export function isExclusionViolation(error: unknown, constraint?: string): boolean {
  const pg = pgError(error);
  return pg?.code === EXCLUSION_VIOLATION && (!constraint || pg.constraint === constraint);
}

/**
 * The database gave up on one of two statements that waited on each other: a deadlock (40P01: two overlapping inserts
 * checking appointments_no_overlap at the same moment can each wait for the other) or a serialization failure (40001).
 */
export function isDeadlock(error: unknown): boolean {
  const code = pgError(error)?.code;
  return code === "40P01" || code === "40001";
}

/**
 * Runs a single-statement write again when the database broke a deadlock by failing it: the second run meets the other
 * statement's committed row, and answers as any later write would (an exclusion or unique violation the caller reads).
 */
export async function againAfterDeadlock<T>(write: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (e) {
      if (attempt >= attempts || !isDeadlock(e)) throw e;
    }
  }
}
