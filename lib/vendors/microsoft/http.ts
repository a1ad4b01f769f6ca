// One HTTP exchange with Microsoft (login and Graph): timeouts, retries on what Microsoft asks to retry, and errors that
// carry only the operation, the status and Microsoft's error code, never what was sent or answered.
/** A Microsoft failure, stripped of everything but what a log may show. */
export class MicrosoftCalendarError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number | null,
    /** Graph's `error.code` (ErrorItemNotFound…), the token endpoint's `error` (invalid_client…), or a code of ours. */
    readonly code: string | null,
  ) {
    super(`Microsoft Calendar ${operation} failed (${status ?? "no response"}${code ? ` ${code}` : ""})`);
    this.name = "MicrosoftCalendarError";
  }
}

const REQUEST_TIMEOUT_MS = 10_000;
/** At most 2 retries (3 attempts); without a Retry-After, about 0.25 s then 0.75 s apart. */
const RETRY_DELAYS_MS = [250, 750];
/** A Retry-After is obeyed up to this: a caller on the phone cannot wait longer (concepts/throttling.md). */
const MAX_RETRY_AFTER_MS = 5_000;
const RETRY_STATUSES = [429, 500, 502, 503, 504];
const NETWORK_RETRY_CODES = ["ECONNRESET", "ECONNREFUSED", "EPIPE", "EAI_AGAIN", "UND_ERR_SOCKET"];

/**
 * One HTTP exchange with Microsoft, each attempt within 10 s, retried (at most twice) when nothing was done or Microsoft
 * asks for it: a network failure before any answer, or 429/5xx, waiting what Retry-After says (capped at 5 s). Safe for
 * every call here: reads, PATCH and DELETE repeat to the same result, and inserts carry their transactionId. A timeout is
 * not retried: the caller, often a phone call in progress, cannot wait 3 × 10 s.
 */
export async function send(operation: string, url: string, init: RequestInit): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const delay = RETRY_DELAYS_MS[attempt];
    let res: Response;
    try {
      res = await fetch(url, { ...init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    } catch (e) {
      const code = networkCodeOf(e);
      if (delay !== undefined && code !== null && NETWORK_RETRY_CODES.includes(code)) {
        await sleep(delay * (0.75 + Math.random() / 2));
        continue;
      }
      const timedOut = (e as { name?: unknown } | null)?.name === "TimeoutError";
      throw new MicrosoftCalendarError(operation, null, code ?? (timedOut ? "timeout" : null));
    }
    if (delay === undefined || !RETRY_STATUSES.includes(res.status)) return res;
    await res.body?.cancel().catch(() => undefined);
    await sleep(retryAfterMs(res.headers.get("retry-after")) ?? delay * (0.75 + Math.random() / 2));
  }
}

/** Retry-After in seconds (the form Graph sends), capped; null when absent or an HTTP date. */
function retryAfterMs(header: string | null): number | null {
  if (!header || !/^\d+$/.test(header.trim())) return null;
  return Math.min(Number(header.trim()) * 1000, MAX_RETRY_AFTER_MS);
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Node's fetch wraps socket errors: `TypeError("fetch failed", { cause: { code: "ECONNRESET" } })`. */
function networkCodeOf(e: unknown): string | null {
  const cause = (e as { cause?: { code?: unknown } } | null)?.cause;
  const code = cause?.code ?? (e as { code?: unknown } | null)?.code;
  return typeof code === "string" ? safeCode(code) : null;
}

export async function readJson(res: Response): Promise<unknown> {
  const text = await res.text().catch(() => "");
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Graph's `{ "error": { "code": "ErrorItemNotFound", "message": … } }` (concepts/errors.md): the code only. */
export function graphCodeOf(json: unknown): string | null {
  const code = (json as { error?: { code?: unknown } } | null)?.error?.code;
  return typeof code === "string" ? safeCode(code) : null;
}

/** Only short, code-like values: Microsoft's free-text messages can quote what was sent. */
export function safeCode(code: string | undefined): string | null {
  return code && /^[\w.-]{1,64}$/.test(code) ? code : null;
}

/** Graph refusing our access token (InvalidAuthenticationToken…): not the token endpoint, whose failures arrive otherwise. */
export function isUnauthorized(e: unknown): boolean {
  return e instanceof MicrosoftCalendarError && e.status === 401;
}
