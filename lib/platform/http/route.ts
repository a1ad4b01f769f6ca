// The thin edge every /api route goes through: locale → handler → JSON, with errors mapped to a status and a translated
// `{ message }`, and a request id (X-Request-Id) shared by the response and the request's log lines. Nothing here knows
// a domain rule.
import { z } from "zod";
import { pgError } from "@/db/errors";
import { AppError, STATUS_BY_CODE } from "@/lib/platform/errors";
import { findControlCharacters, withoutControlCharacters } from "@/lib/platform/format/control-characters";
import { leafIssue, validationMessage, valueAt } from "@/lib/platform/format/validation-message";
import { translate } from "@/lib/platform/i18n/translate";
import { keyParam, type ParamValue } from "@/lib/platform/message-param";
import { isLocale, type Locale } from "@/lib/platform/i18n/routing";
import { logger, withRequest, type Logger } from "@/lib/platform/log/logger";
import { recordHttpRequest } from "@/lib/platform/metrics/metrics";
import en from "@/messages/en.json";
import { localeOf } from "./locale";
import { routePattern } from "./route-pattern";

export const MAX_BODY_BYTES = 64 * 1024;

export type RouteContext<P> = { params: Promise<P> };
/** `log` carries the request's id, method and route path: what a handler logs can be matched to the request. */
export type Handler<P> = (req: Request, ctx: { params: P; locale: Locale; log: Logger }) => Promise<Response>;

export function route<P extends Record<string, string> = Record<string, never>>(handler: Handler<P>) {
  return async (req: Request, ctx?: RouteContext<P>): Promise<Response> => {
    const started = performance.now();
    const locale = localeOf(req);
    const params = ((await ctx?.params) ?? {}) as P;
    const { requestId, log } = withRequest(req, params);
    let res: Response;
    try {
      res = await handler(req, { params, locale, log });
    } catch (error) {
      res = errorResponse(error, locale, { log, req });
    }
    res = withHeader(res, "x-request-id", requestId);
    const ms = performance.now() - started;
    log.info({ status: res.status, ms: Math.round(ms) }, "request");
    recordHttpRequest({ route: routePattern(req.url, params), method: req.method, status: res.status, seconds: ms / 1000 });
    return res;
  };
}

/** Sets a header, on a copy when the response's headers are immutable (Response.redirect, a fetched response). */
function withHeader(res: Response, name: string, value: string): Response {
  try {
    res.headers.set(name, value);
    return res;
  } catch {
    const copy = new Response(res.body, res);
    copy.headers.set(name, value);
    return copy;
  }
}

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("cache-control", "no-store");
  return Response.json(data, { ...init, headers });
}

export function message(locale: Locale, key: string, status = 200, params: Record<string, ParamValue> = {}) {
  return json({ message: translate(locale, `Api.${key}`, params) }, { status });
}

export function errorResponse(error: unknown, locale: Locale, on: { log?: Logger; req?: Request } = {}): Response {
  if (error instanceof AppError) {
    const ns = error.messageKey.includes(".") ? error.messageKey : `Api.${error.messageKey}`;
    const said = isLocale(error.speaking) ? error.speaking : locale;
    return json({ message: translate(said, ns, error.params) }, { status: STATUS_BY_CODE[error.code], headers: error.headers });
  }
  if (isDatabaseUnreachable(error)) {
    return json({ message: translate(locale, "Api.unavailable") }, { status: 503, headers: { "retry-after": "5" } });
  }
  logUnexpected(error, on.log ?? logger(), on.req);
  return json({ message: translate(locale, "Api.serverError") }, { status: 500 });
}

/**
 * Logs what failed without personal data: drizzle's "Failed query" text carries the query's parameters (emails, phone
 * numbers), so a database error is logged by its SQLSTATE and the driver's own message only, never the wrapper's. The
 * request body is never logged; the logger adds the request id, method and route path, and scrubs what is left.
 */
function logUnexpected(error: unknown, log: Logger, req?: Request): void {
  const pg = pgError(error);
  const e = error as { name?: string; message?: string } | null;
  const cause = (error as { cause?: { message?: string } } | null)?.cause;
  // Postgres messages can quote values ("invalid input syntax … "abc""): for those, the SQLSTATE says enough.
  const message = e?.message?.startsWith("Failed query") ? cause?.message : e?.message;
  const detail = pg ? { sqlstate: pg.code, constraint: pg.constraint } : { error: withoutInputs(message, req) };
  log.error({ status: 500, name: e?.name, ...detail }, "unhandled route error");
}

// The strings a request's JSON body carried. The logger's patterns catch emails and phone numbers; a password or a name
// quoted by an error message ("could not save <input>") has no pattern, so it is replaced by what the client sent.
const INPUTS = new WeakMap<Request, Set<string>>();

function rememberInputs(req: Request, data: unknown, depth = 0): void {
  if (typeof data === "string") {
    if (data.length >= 4) {
      const seen = INPUTS.get(req) ?? new Set<string>();
      INPUTS.set(req, seen.add(data));
    }
  } else if (data && typeof data === "object" && depth < 5) {
    for (const v of Object.values(data)) rememberInputs(req, v, depth + 1);
  }
}

function withoutInputs(text: string | undefined, req?: Request): string | undefined {
  const inputs = req && INPUTS.get(req);
  if (!text || !inputs) return text;
  let out = text;
  for (const input of inputs) out = out.split(input).join("[input]");
  return out;
}

function isDatabaseUnreachable(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code ?? "";
  return [
    "ECONNREFUSED",
    "ECONNRESET",
    "ETIMEDOUT",
    "CONNECTION_CLOSED",
    "CONNECTION_ENDED",
    "CONNECTION_DESTROYED",
    "CONNECT_TIMEOUT",
    "57P01",
    "57P03",
  ].includes(code);
}

/** Reads a JSON body (size- and type-checked) and validates it with a shared zod schema. */
export async function readJson<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const raw = await readBody(req);
  let data: unknown;
  if (raw.trim() === "") data = {};
  else {
    const type = req.headers.get("content-type") ?? "";
    if (type && !/^application\/(.+\+)?json\b/i.test(type)) throw new AppError("unsupported_media_type", "unsupportedMediaType");
    try {
      data = JSON.parse(raw);
    } catch {
      throw new AppError("bad_request", "invalidJson");
    }
  }
  if (data === null || typeof data !== "object" || Array.isArray(data)) throw new AppError("bad_request", "bodyNotObject");
  rememberInputs(req, data);
  return parseWith(schema, data);
}

/**
 * One refinement for every string a request carries, object keys included, whatever the route's own schema says (a
 * z.unknown() field, a record's keys, a field the schema drops): text a database cannot store, or that no person types,
 * is a 400 naming the field, never a failed write. Run here, before the route's schema, so every route and every
 * server action that parses its input with parseWith gets it without opting in.
 */
export const storableText = z.unknown().superRefine((value, ctx) => {
  const path = findControlCharacters(value);
  if (path) ctx.addIssue({ code: "custom", path, message: "controlCharacters" });
});

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const text = storableText.safeParse(input);
  if (!text.success) throw validationError(text.error.issues[0], input);
  // Direction controls are removed, not refused: nobody can see them to take them out. A password is the exception,
  // taken as typed: it is compared, never shown, and one set before the rule must keep working.
  const data = keepPasswords(input, withoutControlCharacters(input));
  const result = schema.safeParse(data);
  if (result.success) return result.data;
  throw validationError(result.error.issues[0], data);
}

const PASSWORD_FIELDS = ["password", "oldPassword", "newPassword", "confirmPassword"];

function keepPasswords(input: unknown, cleaned: unknown): unknown {
  if (cleaned === input || !cleaned || typeof cleaned !== "object" || !input || typeof input !== "object") return cleaned;
  for (const field of PASSWORD_FIELDS) {
    if (Object.hasOwn(input, field)) (cleaned as Record<string, unknown>)[field] = (input as Record<string, unknown>)[field];
  }
  return cleaned;
}

/**
 * Runs work the answer need not wait for once it is sent (a route's `afterAnswer`): a handler hands it what the caller
 * does not depend on; without one, that work is done before answering. The task handles its own failures.
 */
export type AfterAnswer = (task: () => Promise<void>) => Promise<void>;

/** The raw body, refused past `limit` bytes (counted while reading). Webhooks verify signatures on exactly this text. */
export async function readBody(req: Request, limit = MAX_BODY_BYTES): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > limit) throw new AppError("payload_too_large", "bodyTooLarge");
  if (!req.body) return "";
  // Count while reading: a chunked body has no Content-Length to trust.
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new AppError("payload_too_large", "bodyTooLarge");
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}

const VALIDATION_KEYS = new Set(Object.keys(en.Validation));
const FIELD_KEYS = new Set(Object.keys(en.Fields));

type Issue = z.core.$ZodIssue;

function validationError(first: Issue | undefined, input: unknown): AppError {
  if (!first) return new AppError("bad_request", "Validation.invalid", { field: keyParam("Fields.body") });
  const issue = leafIssue(first);
  const fieldKey = [...issue.path].reverse().find((p): p is string => typeof p === "string" && FIELD_KEYS.has(p)) ?? "body";
  const found = validationMessage(issue, valueAt(input, issue.path), (k) => VALIDATION_KEYS.has(k));
  let key = found.key;
  // A field can have its own wording ("Full name is required" reads better in French as "Le nom complet…").
  if (key === "required" && VALIDATION_KEYS.has(`${fieldKey}Required`)) key = `${fieldKey}Required`;
  return new AppError("bad_request", `Validation.${key}`, { field: keyParam(`Fields.${fieldKey}`), ...found.params });
}
