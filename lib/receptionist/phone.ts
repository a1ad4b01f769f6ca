/**
 * A caller number as we store and compare it: E.164 when it can be read as such ("+33 6 12-34-56-78", "0033…"),
 * otherwise the digits as given. Null for nothing usable.
 */
export function normalizePhone(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  let s = raw.trim().replace(/[\s().-]/g, "");
  if (s.startsWith("00")) s = `+${s.slice(2)}`;
  if (/^\+\d{6,15}$/.test(s)) return s;
  if (/^\d{6,15}$/.test(s)) return s;
  return null;
}

/** The local emergency number a caller should dial, from the business line's country code. */
export function emergencyNumber(line: string | null): string {
  if (!line) return "112";
  if (line.startsWith("+33")) return "15 / 112";
  if (line.startsWith("+34")) return "112";
  if (line.startsWith("+1")) return "911";
  if (line.startsWith("+44")) return "999 / 112";
  return "112";
}
