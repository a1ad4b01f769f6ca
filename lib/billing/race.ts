// A transaction that lost a race to a concurrent one over the same rows: a unique index decided (23505), or the database
// gave up on a serialization conflict or deadlock (40001, 40P01). Running it again reads the winner's rows.
export function isRaceError(e: unknown): boolean {
  const code = (e as { code?: string; cause?: { code?: string } } | null)?.code ?? (e as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505" || code === "40001" || code === "40P01";
}
