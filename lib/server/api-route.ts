// Every /api handler is declared here, with who may call it and what it reads:
//   export const GET = route.owner({ query: filterSchema, response: { 200: listResponse } }, async ({ ctx, auth, input }) => json(…));
// The declaration runs the checks in one order for every route (availability → session or API key → path params → query → body)
// on top of the JSON edge (lib/platform/http/route.ts), and stays on the exported function (`policy`, `spec`) for whatever
// reads the routes as data: the generated route table (scripts/gen-api-routes.ts) that the proxy and the tests use,
// and the OpenAPI document (lib/platform/http/openapi.ts), which also describes the answers each route declares in `response`.
import { after } from "next/server";
import type { z } from "zod";
import type { ApiScope } from "@/db/schema/integrations";
import { authenticateApiKey, type ApiKeyAuth } from "@/lib/accounts/api-keys/api-key-auth";
import { bearerApiKey } from "@/lib/accounts/api-keys/api-key-token";
import type { Actor } from "@/lib/accounts/audit/actor";
import { requireAdmin, requireUser, authenticate, type AuthContext } from "@/lib/accounts/auth/session";
import { forgetBusinesses } from "@/lib/accounts/business/business";
import { AppError } from "@/lib/platform/errors";
import { stripControlCharacters } from "@/lib/platform/format/control-characters";
import type { ApiPolicy, StateChanging } from "@/lib/platform/http/api-routes";
import { parseWith, readJson, route as edge, type AfterAnswer, type RouteContext } from "@/lib/platform/http/route";
import type { Locale } from "@/lib/platform/i18n/routing";
import type { Logger } from "@/lib/platform/log/logger";
import { allows, type RoleSet } from "@/lib/platform/shared/roles";
import { appContext, type AppContext } from "./context";

/** A path segment's parser: throws the route's own AppError (an id that names no row is a 404, not a 400). */
type ParamParser = (value: string) => unknown;

/**
 * What one answer carries: the zod schema of its JSON body (written from what the handler returns, in
 * lib/<domain>/<domain>.responses.ts), `null` for no body (a redirect, a 204), or, for a body that is not the API's
 * JSON (a page, a file, a library's own answers), its media types, each with the schema of its body or null.
 */
export type ResponseBody = z.ZodType | null | { readonly [mediaType: string]: z.ZodType | null };

/**
 * The answers a route gives by status: every success, and any other status it answers with a body of its own (a probe's
 * 503). Errors need not be listed: every refusal is a translated `{ message }`. Described, not checked at run time (a
 * parse per answer is a cost production does not need): the OpenAPI document and docs/API.md are written from it, and
 * the integration tests' helper (tests/helpers/api.ts) checks every answer they receive against it.
 */
export type ResponseSpec = { readonly [status: number]: ResponseBody };

export type RouteSpec = {
  /** The JSON body, read with readJson (size, content type, zod → translated 400). */
  body?: z.ZodType;
  /** The query string, as an object of its non-empty values (`?q=` says the same as no `q`). */
  query?: z.ZodType;
  params?: Record<string, ParamParser>;
  /** While false, a 404 before anything else is read: a route that exists in one mode only (the sandbox's billing). */
  available?: () => boolean;
  response?: ResponseSpec;
  /** A GET that changes something: the proxy reads it from the route table, where scripts/gen-api-routes.ts copies it. */
  stateChanging?: StateChanging;
  /** What a caller must know beyond the policy (a credential of its own, a mode it exists in), for the API reference. */
  description?: string;
};

export type OwnerSpec = RouteSpec & {
  /**
   * The roles in the practice that may call it (`ROLES.managers`…, lib/platform/shared/roles.ts): anyone else signed
   * in gets a 403 in their own language. API keys act as the practice and are held to their scopes instead.
   */
  roles: RoleSet;
  /**
   * "optional": the proxy still asks for a session token, but a session that is gone reaches the handler as
   * `auth: null` instead of a JSON 401, for a route whose answer is a page of its own (the consent popup's).
   */
  session?: "optional";
  /**
   * The API key scope that opens this route to the owner's other tools (`Authorization: Bearer rk_…`); the handler's
   * `auth` is then the key's practice or a session, told apart by `via`. Without it, a key is refused here (403).
   */
  scope?: ApiScope;
};

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;
type ParamsOf<S extends RouteSpec> =
  S["params"] extends Record<string, ParamParser> ? { [K in keyof S["params"]]: ReturnType<S["params"][K]> } : Record<string, string>;

export type RouteCall<S extends RouteSpec, A> = {
  req: Request;
  /** appContext(), built when first read: a webhook can refuse a bad signature before anything is wired. */
  readonly ctx: AppContext;
  auth: A;
  input: { body: Out<S["body"]>; query: Out<S["query"]> };
  params: ParamsOf<S>;
  locale: Locale;
  log: Logger;
  /** Work the answer need not wait for (see afterAnswer). */
  afterAnswer: AfterAnswer;
};

/**
 * Runs `task` once the answer has been sent (Next's after()), so a caller on the phone line does not wait for what their
 * answer does not depend on (the tool-call log, a booking's calendar event and messages). Where no request is being
 * answered (a handler called directly, as the integration tests do) it runs now and is awaited, so what it writes is
 * there when the call returns.
 */
const afterAnswer: AfterAnswer = async (task) => {
  try {
    after(task);
  } catch {
    // after() throws synchronously outside a request scope.
    await task();
  }
};

type RawParams = Record<string, string>;
export type RouteFunction = (req: Request, ctx?: RouteContext<RawParams>) => Promise<Response>;
export type DeclaredRoute<S extends RouteSpec = RouteSpec> = RouteFunction & { policy: ApiPolicy; spec: S };

function declareRoute<S extends RouteSpec, A>(
  policy: ApiPolicy,
  spec: S,
  authorize: (req: Request) => Promise<A>,
  handler: (call: RouteCall<S, A>) => Promise<Response>,
): DeclaredRoute<S> {
  const fn = edge<RawParams>(async (req, { params: raw, locale, log }) => {
    if (spec.available && !spec.available()) throw new AppError("not_found", "notFound");
    // A path segment holding a control character, a lone surrogate or a direction control names nothing that was ever
    // stored (no slug, token, id or day can hold one): a 404 before the session or any parser reaches the database,
    // which would refuse a NUL with an error of its own.
    if (Object.values(raw).some((value) => [value].flat().some((v) => typeof v === "string" && stripControlCharacters(v) !== v)))
      throw new AppError("not_found", "notFound");
    const auth = await authorize(req);
    const params = spec.params
      ? Object.fromEntries(Object.entries(spec.params).map(([name, parse]) => [name, parse(raw[name] ?? "")]))
      : raw;
    const query = spec.query ? parseWith(spec.query, queryOf(req)) : undefined;
    const body = spec.body ? await readJson(req, spec.body) : undefined;
    try {
      return await handler({
        req,
        get ctx() {
          return appContext();
        },
        auth,
        input: { body, query } as RouteCall<S, A>["input"],
        params: params as ParamsOf<S>,
        locale,
        log,
        afterAnswer,
      });
    } finally {
      forgetChanged(policy, req.method, auth);
    }
  });
  return Object.assign(fn, { policy, spec });
}

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The rows kept for calls (findBusinessByLine) are forgotten once an owner changes anything (their business's) or an
 * admin does (every business's), whether or not the change went through: a call's next message reads the business anew.
 */
function forgetChanged(policy: ApiPolicy, method: string, auth: unknown): void {
  if (READS.has(method) || !auth || typeof auth !== "object" || !("userId" in auth)) return;
  if (policy === "admin") forgetBusinesses();
  else if (policy === "owner") forgetBusinesses(String(auth.userId));
}

function queryOf(req: Request): Record<string, string> {
  return Object.fromEntries([...new URL(req.url).searchParams].filter(([, value]) => value !== ""));
}

const noSession = async () => null;
const signedIn = (req: Request) => {
  const ctx = appContext();
  return requireUser(ctx.db, ctx.session, req);
};

/** The session when its role in the practice is one the route allows; a 403 in the person's language otherwise. */
function inRole(auth: AuthContext, roles: RoleSet): AuthContext {
  if (!allows(roles, auth.practiceRole)) throw new AppError("forbidden", "roleNotAllowed").in(auth.locale);
  return auth;
}

/**
 * The practitioner whose rows a caller may see: a practitioner member's own, whatever they ask for; for anyone else
 * (the owner, admins, staff, an API key), the one they ask for, or all.
 */
export function ownPractitioner(auth: AuthContext | OwnerCaller, asked?: string): string | undefined {
  return "practiceRole" in auth && auth.practiceRole === "practitioner" ? (auth.practitionerId ?? undefined) : asked;
}

/**
 * Who acts in a handler, as the practice's records name them: the API key a request carries, else the person signed in
 * (the practice's owner, or one of its members). Passed down to the services as a value.
 */
export function actorOf(auth: AuthContext | OwnerCaller): Actor {
  if ("keyId" in auth) return { kind: "apiKey", keyId: auth.keyId };
  return { kind: auth.actorId === auth.userId ? "owner" : "member", userId: auth.actorId };
}

/** A session's holder on a route that also takes API keys. */
export type SessionAuth = AuthContext & { via: "session" };
/** Who calls a route that takes API keys: a signed-in owner, or a key of the practice (no session, no role). */
export type OwnerCaller = SessionAuth | ApiKeyAuth;

type OwnerAuth<S extends OwnerSpec> = S["scope"] extends ApiScope
  ? OwnerCaller
  : S["session"] extends "optional"
    ? AuthContext | null
    : AuthContext;

/**
 * A request carrying an API key is the key's, never a session's (the header wins over a cookie): refused on a route
 * without a scope (403), otherwise checked against the key's row, its rate and its scopes (lib/accounts/api-keys).
 */
async function keyHolder(key: string, scope: ApiScope | undefined): Promise<ApiKeyAuth> {
  if (!scope) throw new AppError("forbidden", "apiKeyNotAllowed");
  return authenticateApiKey(appContext().db, key, scope);
}

export const route = {
  /** Anyone: the handler authenticates itself where a session changes the answer (sign-out, checkout). */
  public: <S extends RouteSpec>(spec: S, handler: (call: RouteCall<S, null>) => Promise<Response>) =>
    declareRoute("public", spec, noSession, handler),

  /** A signed-in account (requireUser: the session row, not only the token): 401 otherwise. */
  owner: <S extends OwnerSpec>(spec: S, handler: (call: RouteCall<S, OwnerAuth<S>>) => Promise<Response>) =>
    declareRoute(
      "owner",
      spec,
      async (req): Promise<OwnerAuth<S>> => {
        const key = bearerApiKey(req.headers);
        if (key !== null) return (await keyHolder(key, spec.scope)) as OwnerAuth<S>;
        if (spec.scope) return { ...inRole(await signedIn(req), spec.roles), via: "session" } satisfies SessionAuth as OwnerAuth<S>;
        if (spec.session !== "optional") return inRole(await signedIn(req), spec.roles) as OwnerAuth<S>;
        const ctx = appContext();
        const auth = await authenticate(ctx.db, ctx.session, req);
        return (auth && inRole(auth, spec.roles)) as OwnerAuth<S>;
      },
      handler,
    ),

  /** A signed-in admin (the role read from the database): 401 without a session, 403 for an owner. */
  admin: <S extends RouteSpec>(spec: S, handler: (call: RouteCall<S, AuthContext>) => Promise<Response>) =>
    declareRoute(
      "admin",
      spec,
      (req) => {
        // Keys never open an admin route, whatever their scopes.
        if (bearerApiKey(req.headers) !== null) throw new AppError("forbidden", "apiKeyNotAllowed");
        const ctx = appContext();
        return requireAdmin(ctx.db, ctx.session, req);
      },
      handler,
    ),

  /** A vendor's event: no session; the handler verifies the sender's signature on the raw body before anything else. */
  webhook: <S extends RouteSpec>(spec: S, handler: (call: RouteCall<S, null>) => Promise<Response>) =>
    declareRoute("webhook", spec, noSession, handler),

  /**
   * A handler that answers entirely on its own, outside the JSON edge (no request id, no error mapping, no request
   * log line): the health probes an orchestrator calls every few seconds. The spec, when given,
   * only describes its answers.
   */
  raw,
};

type RawHandler = (req: never, ctx: never) => Promise<Response>;
type RawSpec = Pick<RouteSpec, "response">;
function raw<H extends RawHandler>(policy: ApiPolicy, handler: H): H & { policy: ApiPolicy; spec: RawSpec };
function raw<H extends RawHandler>(policy: ApiPolicy, spec: RawSpec, handler: H): H & { policy: ApiPolicy; spec: RawSpec };
function raw<H extends RawHandler>(policy: ApiPolicy, specOrHandler: RawSpec | H, handler?: H) {
  const [spec, fn] = typeof specOrHandler === "function" ? [{}, specOrHandler] : [specOrHandler, handler!];
  return Object.assign(fn, { policy, spec });
}
