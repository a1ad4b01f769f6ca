import type { ParamValue } from "./message-param";

// Typed domain errors. Services throw them; lib/platform/http/route.ts maps the code to a status and the key to a translated message.
export type ErrorCode =
  | "bad_request"
  | "unauthorized"
  | "payment_required"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "gone"
  | "payload_too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable";

export const STATUS_BY_CODE: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

// The production build can hold two copies of this module (a route's bundle and a shared chunk): an AppError thrown
// by one copy would fail `instanceof` against the other's class and turn a refusal into a 500. Every AppError carries a
// brand registered globally (Symbol.for), and `instanceof AppError` checks the brand, not the class.
const BRAND = Symbol.for("recepta.AppError");

export class AppError extends Error {
  readonly [BRAND] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }

  constructor(
    readonly code: ErrorCode,
    /** A key of the "Api" namespace in messages/*.json. */
    readonly messageKey: string,
    /** Shown as given; a field's label or a country is a keyParam / regionParam. */
    readonly params: Record<string, ParamValue> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(messageKey);
    this.name = "AppError";
  }

  /**
   * The language the message is said in when it is not the request's: a signed-in person's own (a refusal of their
   * role speaks the language they chose, whatever the browser sends).
   */
  speaking?: string;

  in(locale: string): this {
    this.speaking = locale;
    return this;
  }
}
