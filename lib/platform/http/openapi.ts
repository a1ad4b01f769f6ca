// The API's OpenAPI 3.1 document, built from what each route declares (lib/server/api-route.ts): its policy says who
// may call it (security), its zod schemas what it reads (query parameters, request body) and what it answers (responses,
// by status), and what it reads says which refusals it can give, each the one error shape `{ message }`. JSON Schema
// 2020-12 is OpenAPI 3.1's own dialect, so zod's converter writes it as is. docs/API.md is written from this document
// (scripts/gen-api-docs.ts).
import { z } from "zod";
import { FALLBACK_PATH, type ApiPolicy, type ApiRoute, type StateChanging } from "./api-routes";

/** What the document reads of a route declaration (lib/server/api-route.ts: RouteSpec; a type here, which cannot import it). */
type ResponseBody = z.ZodType | null | { readonly [mediaType: string]: z.ZodType | null };
type DeclaredSpec = {
  body?: z.ZodType;
  query?: z.ZodType;
  params?: Record<string, unknown>;
  available?: unknown;
  response?: { readonly [status: number]: ResponseBody };
  session?: "optional";
  /** The API key scope that opens the operation to the owner's other tools (owner routes only). */
  scope?: string;
  /** The roles in the practice that may call it (owner routes only). */
  roles?: readonly string[];
  description?: string;
};
type Declared = { policy?: ApiPolicy; spec?: DeclaredSpec };
type JsonSchema = Record<string, unknown>;

const SECURITY: Record<ApiPolicy, Record<string, string[]>[]> = {
  public: [],
  webhook: [],
  owner: [{ bearer: [] }, { cookie: [] }],
  admin: [{ bearer: [] }, { cookie: [] }],
};

const WHO: Record<ApiPolicy, string> = {
  public: "Anyone.",
  webhook: "The vendor, whose signature the handler verifies on the raw body before reading it.",
  owner: "A signed-in account.",
  admin: "A signed-in administrator.",
};

/** Who may call: the policy's schemes, and an API key for an operation that names its scope (OpenAPI 3.1 scopes). */
function securityOf(policy: ApiPolicy, scope: string | undefined): Record<string, string[]>[] {
  return scope ? [...SECURITY[policy], { apiKey: [scope] }] : SECURITY[policy];
}

/** What the proxy does with a GET that changes something when the browser says another site sent it. */
function stateChangingNote(flag: StateChanging): string {
  return flag === true
    ? "It changes something: refused (403) when the browser says another site sent it."
    : `It changes something: when the browser says another site sent it, on to ${flag.page} instead (303), one click from it.`;
}

/**
 * A schema as JSON Schema: what a request schema accepts (io "input"), what a response schema describes (io "output").
 * A part zod cannot express (a transform, a refinement) accepts anything. A date-time keeps its format without zod's
 * long pattern, which says the same to a reader.
 */
function schemaOf(schema: z.ZodType, io: "input" | "output" = "input"): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: "draft-2020-12",
    io,
    unrepresentable: "any",
    override: ({ jsonSchema }) => {
      if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
    },
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

const STATUS_TEXT: Record<number, string> = {
  200: "Done.",
  201: "Created.",
  204: "Done, no body.",
  302: "On to the page in Location.",
  303: "On to the page in Location.",
  400: "Refused: a field is missing or invalid (the message names it).",
  401: "No session, or one that has ended.",
  403: "Signed in, but not as an administrator.",
  404: "Nothing of the caller's at this address (or not in this mode).",
  413: "The body is larger than the limit.",
  415: "The body is not JSON.",
  429: "Too many requests with this API key: try again after Retry-After seconds.",
  503: "Unavailable.",
};

const ERROR = { $ref: "#/components/schemas/Error" };

/** An answer as OpenAPI writes it: a JSON body, no body (null), or bodies by media type. */
function responseOf(status: number, body: ResponseBody): JsonSchema {
  const description = STATUS_TEXT[status] ?? (status < 400 ? "Done." : "Refused.");
  if (body === null) return { description: status === 204 || status >= 300 ? description : `${description} No body.` };
  if ("_zod" in body) return { description, content: { "application/json": { schema: schemaOf(body as z.ZodType, "output") } } };
  const media = body as Record<string, z.ZodType | null>;
  const content = Object.fromEntries(
    Object.entries(media).map(([type, schema]) => [type, schema ? { schema: schemaOf(schema, "output") } : {}]),
  );
  return { description, content };
}

/**
 * The refusals a route can give by what it declares: 400 for a body or a query it validates (413 and 415 for a body too
 * large or not JSON), 401 without a session for owner and admin routes, 403 for an owner on an admin route, 404 for a
 * path id that names nothing of the caller's or a route of one mode only. Anything else (409, 429, …) is "4XX".
 */
function refusalsOf(policy: ApiPolicy, spec: DeclaredSpec): number[] {
  const statuses: number[] = [];
  if (spec.body || spec.query) statuses.push(400);
  if (policy === "owner" || policy === "admin") statuses.push(401);
  if (policy === "admin") statuses.push(403);
  if (spec.params || spec.available) statuses.push(404);
  if (spec.body) statuses.push(413, 415);
  if (spec.scope) statuses.push(403, 429);
  else if (spec.roles && spec.roles.length < 4) statuses.push(403);
  return statuses;
}

/** A member refused: their role in the practice is not one the operation allows. */
const ROLE_REFUSAL = "A member whose role in the practice the operation does not allow.";

/** An API key refused: it lacks the operation's scope. */
const SCOPE_REFUSAL = "An API key without this operation's scope.";

function responsesOf(policy: ApiPolicy, spec: DeclaredSpec): JsonSchema {
  const responses: JsonSchema = {};
  const declared = spec.response ?? {};
  for (const [status, body] of Object.entries(declared)) responses[status] = responseOf(Number(status), body);
  if (Object.keys(declared).length === 0) responses["2XX"] = { description: "Done." };
  for (const status of refusalsOf(policy, spec)) {
    const description = status === 403 && spec.scope ? SCOPE_REFUSAL : status === 403 && spec.roles ? ROLE_REFUSAL : STATUS_TEXT[status];
    responses[status] ??= { description, content: { "application/json": { schema: ERROR } } };
  }
  responses["4XX"] = { description: "Refused: a translated message.", content: { "application/json": { schema: ERROR } } };
  return responses;
}

/** "/api/appointments/[id]/cancel" → "/api/appointments/{id}/cancel" (a catch-all is one parameter too). */
function openApiPath(address: string): string {
  return address.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
}

function operationId(method: string, address: string): string {
  const words = address
    .replace(/^\/api\//, "")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join("");
}

export async function openApiDocument(
  routes: readonly ApiRoute[],
  load: (address: string) => Promise<Record<string, unknown>>,
  serverUrl: string,
): Promise<JsonSchema> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    // Every address no route serves answers the catch-all's JSON 404: not an operation of the API.
    if (r.path === FALLBACK_PATH) continue;
    const mod = await load(r.path);
    const item: Record<string, unknown> = {};
    for (const method of r.methods) {
      const declared = (mod[method] ?? {}) as Declared;
      const policy = declared.policy ?? r.policy;
      const spec = declared.spec ?? {};
      const parameters: JsonSchema[] = r.params.map((p) => ({
        name: p.replace(/^\.\.\./, ""),
        in: "path",
        required: true,
        schema: { type: "string" },
      }));
      const query = spec.query ? schemaOf(spec.query) : null;
      const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((query?.required ?? []) as string[]);
      for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: "query", required: required.has(name), schema });
      const op: JsonSchema = {
        operationId: operationId(method, r.path),
        tags: [r.path.split("/")[2] ?? "api"],
        description: [
          WHO[policy],
          spec.roles ? `Roles: ${spec.roles.join(", ")}.` : null,
          spec.scope ? `Also open to API keys. API key scope: ${spec.scope}.` : null,
          method === "GET" && r.stateChanging ? stateChangingNote(r.stateChanging) : null,
          spec.description,
        ]
          .filter(Boolean)
          .join(" "),
        security: securityOf(policy, spec.scope),
        "x-policy": policy,
        ...(spec.roles ? { "x-roles": [...spec.roles] } : {}),
        responses: responsesOf(policy, spec),
      };
      if (parameters.length) op.parameters = parameters;
      if (spec.body) op.requestBody = { required: true, content: { "application/json": { schema: schemaOf(spec.body) } } };
      item[method.toLowerCase()] = op;
    }
    paths[openApiPath(r.path)] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Recepta API",
      version: "1.0.0",
      description: "The REST contract under /api. Answers in the caller's language (Accept-Language, the locale cookie).",
    },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The session token from sign-in or registration." },
        cookie: { type: "apiKey", in: "cookie", name: "authjs.session-token", description: "The browser's session cookie." },
        apiKey: {
          type: "http",
          scheme: "bearer",
          description:
            "An API key (`Authorization: Bearer rk_…`), made on the dashboard's Integrations page. It opens only the operations " +
            "that list its scope (elsewhere: 403), counted per minute (past the limit: 429 with Retry-After).",
        },
      },
    },
  };
}
