// Structured logs (pino, one JSON line per event on stdout) that never carry personal data: known keys are redacted by
// path, and every string left (the message included) goes through scrub() for emails, phone numbers and tokens.
// A child's bindings are not formatted by pino: withRequest() scrubs what it binds; bind nothing personal elsewhere.
import pino, { type DestinationStream, type Logger } from "pino";
import { env } from "@/lib/platform/env";
import { scrub, scrubText } from "./scrub";

export type { Logger };

/** Keys whose value is personal or secret whatever it looks like (a transcript is free text, a name has no pattern). */
const REDACTED_KEYS = [
  "email",
  "attendeeEmail",
  "patientEmail",
  "accountEmail",
  "phone",
  "phoneNumber",
  "callerPhone",
  "patientPhone",
  "callerNumber",
  "fromNumber",
  "toNumber",
  "recipient",
  "fullName",
  "callerName",
  "patientName",
  "patientBirthDate",
  "dateOfBirth",
  "businessAddress",
  "address",
  "password",
  "newPassword",
  "currentPassword",
  "passwordHash",
  "token",
  "accessToken",
  "refreshToken",
  "refreshTokenEnc",
  "idToken",
  "apiKey",
  "secret",
  "authorization",
  "cookie",
  "set-cookie",
  "transcript",
  "summary",
  "body",
  "text",
  "html",
  "subject",
  "reason",
  "notes",
  "description",
  "recordingUrl",
  "attachments",
];

// Top level and two levels down ({ err: { body } }, { call: { caller: { phone } } }); deeper strings still get scrub().
const REDACT_PATHS = REDACTED_KEYS.flatMap((key) => {
  const at = /^[A-Za-z_$][\w$]*$/.test(key) ? key : `["${key}"]`;
  const under = at.startsWith("[") ? at : `.${at}`;
  return [at, `*${under}`, `*.*${under}`];
});

export type LoggerOptions = { level?: string; destination?: DestinationStream };

/** A logger writing to `destination` (stdout by default); tests pass a stream they read back. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const config: pino.LoggerOptions = {
    level: options.level ?? defaultLevel(),
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    formatters: {
      level: (label) => ({ level: label }),
      log: (object) => scrub(object) as Record<string, unknown>,
    },
    // scrub() has already turned errors into plain { type, message, code, stack }; pino's own serializer would rename
    // them "Object".
    serializers: { err: (e: unknown) => e },
    hooks: {
      // The message and its format arguments: formatters.log only sees the merged object.
      logMethod(args, method) {
        const clean = args.map((a) => (typeof a === "string" ? scrubText(a) : a)) as Parameters<typeof method>;
        method.apply(this, clean);
      },
    },
  };
  return options.destination ? pino(config, options.destination) : pino(config);
}

/** LOG_LEVEL, else "info"; silent under tests (vitest sets NODE_ENV=test) unless LOG_LEVEL asks otherwise. */
function defaultLevel(): string {
  try {
    const e = env();
    return e.LOG_LEVEL ?? (e.NODE_ENV === "test" ? "silent" : "info");
  } catch {
    return "info"; // an invalid environment is reported at start; logging must not fail with it
  }
}

let current: Logger | undefined;

/** The process logger. */
export function logger(): Logger {
  current ??= createLogger();
  return current;
}

/** Swaps the process logger (tests capture lines with it); returns the function that puts the previous one back. */
export function setLogger(next: Logger): () => void {
  const previous = current;
  current = next;
  return () => {
    current = previous;
  };
}

const SANE_REQUEST_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The caller's X-Request-Id when it is a plain token (a proxy's or a client's correlation id), else a fresh one. */
export function requestIdOf(req: Request): string {
  const given = req.headers.get("x-request-id");
  return given && SANE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/**
 * A child logger for one request: its id, method and path. The path is the route's pattern where the request's
 * params appear ("/api/callers/[phone]", "/api/auth/validate-setup-token/[token]") and never the query string
 * (`?q=` can hold an email): URLs carry personal data and secrets too.
 */
export function withRequest(
  req: Request,
  params: Record<string, string | string[] | undefined> = {},
  base: Logger = logger(),
): { requestId: string; log: Logger } {
  const requestId = requestIdOf(req);
  return { requestId, log: base.child({ reqId: requestId, method: req.method, path: routePath(req.url, params) }) };
}

function routePath(url: string, params: Record<string, string | string[] | undefined>): string {
  let pathname: string;
  try {
    pathname = new URL(url, "http://localhost").pathname;
  } catch {
    return "[unparsable]";
  }
  const names = new Map<string, string>();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) if (v) names.set(v, name);
  }
  return pathname
    .split("/")
    .map((segment) => {
      const decoded = safeDecode(segment);
      const name = names.get(decoded) ?? names.get(segment);
      return name ? `[${name}]` : scrubText(decoded);
    })
    .join("/");
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
