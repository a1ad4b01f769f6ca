// Value-level scrubbing for log lines: the redact paths in logger.ts catch known keys ({ email }, { transcript }), this
// catches personal data that slipped into free text ("no business for +33612345678", a driver message quoting a row).
// Over-scrubbing is the safe direction: a log loses a number, a person never appears in one.

const TOKEN = [
  /\bBearer\s+[A-Za-z0-9._~+/=-]+/gi,
  // A JWT (or any three base64url segments): header.payload.signature. Ten characters per segment keeps host names
  // and file names ("next-intl.server.js") out.
  /\b[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\b/g,
  // Stripe secret and restricted keys, webhook secrets; Google access tokens.
  /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9+/=_-]+/g,
  // Our own API keys ("rk_" and 43 base64url characters), and a calendar feed's address (its token is the password).
  /\brk_[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g,
  /\/api\/calendar-feed\/[A-Za-z0-9_-]{20,}/g,
  /\bya29\.[A-Za-z0-9._-]+/g,
];
const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]+/g;
const PHONE = [
  // E.164-ish: "+33612345678", "+1 (555) 010-0199" — a plus, then 8 to 15 digits with the usual separators.
  /\+\d(?:[\s().-]{0,2}\d){7,14}(?!\d)/g,
  // Nine or more digits in a row, spaces or dashes allowed ("06 12 34 56 78", "0612345678"). Not inside a word or a
  // dashed id (a UUID's all-digit group), nor a date before a time ("2026-05-01 10:00" has ten digits).
  /(?<![\w-])\d(?:[ -]?\d){8,}(?![\w-]|:\d)/g,
];

const MAX_DEPTH = 8;

/** The text with emails, phone numbers and tokens replaced by "[email]", "[phone]", "[token]". */
export function scrubText(text: string): string {
  let out = text;
  for (const re of TOKEN) out = out.replace(re, "[token]");
  out = out.replace(EMAIL, "[email]");
  for (const re of PHONE) out = out.replace(re, "[phone]");
  return out;
}

/**
 * Scrubs every string in a value: strings, arrays and plain objects (a copy, the input is left alone), and errors (as
 * { type, message, code, stack }, scrubbed: a driver's message can quote the row it refused). Other values pass through.
 */
export function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubText(value);
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return "[too deep]";
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code;
    return {
      type: value.name,
      message: scrubText(value.message),
      ...(code === undefined ? {} : { code }),
      ...(value.stack ? { stack: scrubText(value.stack) } : {}),
    };
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = scrub(v, depth + 1);
  return out;
}
