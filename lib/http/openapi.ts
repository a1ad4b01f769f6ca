// The API's OpenAPI 3.1 document, built from what each route declares (lib/server/api-route.ts): its policy says who
// may call it (security), its zod schemas what it reads (query parameters, request body). JSON Schema 2020-12 is
// OpenAPI 3.1's own dialect, so zod's converter writes it as is. Answers are described by their status families: the
// contract's payloads are not declared as schemas yet.
import { z } from "zod";
import { FALLBACK_PATH, type ApiPolicy, type ApiRoute } from "./api-routes";

type Declared = { policy?: ApiPolicy; spec?: { body?: z.ZodType; query?: z.ZodType } };
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

/** What a schema accepts, as JSON Schema; a part zod cannot express (a transform, a refinement) accepts anything. */
function schemaOf(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, { target: "draft-2020-12", io: "input", unrepresentable: "any" }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** "/api/appointments/[id]/cancel" → "/api/appointments/{id}/cancel" (a catch-all is one parameter too). */
function openApiPath(address: string): string {
  return address.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}");
}

function operationId(method: string, address: string): string {
  const words = address.replace(/^\/api\//, "").split(/[^A-Za-z0-9]+/).filter(Boolean);
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
      const parameters: JsonSchema[] = r.params.map((p) => ({ name: p.replace(/^\.\.\./, ""), in: "path", required: true, schema: { type: "string" } }));
      const query = declared.spec?.query ? schemaOf(declared.spec.query) : null;
      const properties = (query?.properties ?? {}) as Record<string, JsonSchema>;
      const required = new Set((query?.required ?? []) as string[]);
      for (const [name, schema] of Object.entries(properties)) parameters.push({ name, in: "query", required: required.has(name), schema });
      const op: JsonSchema = {
        operationId: operationId(method, r.path),
        tags: [r.path.split("/")[2] ?? "api"],
        description: WHO[policy],
        security: SECURITY[policy],
        responses: {
          "2XX": { description: "Done: the contract's payload." },
          "4XX": { description: "Refused: a translated message.", content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } },
        },
      };
      if (parameters.length) op.parameters = parameters;
      if (declared.spec?.body) op.requestBody = { required: true, content: { "application/json": { schema: schemaOf(declared.spec.body) } } };
      item[method.toLowerCase()] = op;
    }
    paths[openApiPath(r.path)] = item;
  }
  return {
    openapi: "3.1.0",
    info: { title: "Recepta API", version: "1.0.0", description: "The REST contract under /api. Answers in the caller's language (Accept-Language, the locale cookie)." },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas: { Error: { type: "object", properties: { message: { type: "string" } }, required: ["message"] } },
      securitySchemes: {
        bearer: { type: "http", scheme: "bearer", description: "The session token from sign-in or registration." },
        cookie: { type: "apiKey", in: "cookie", name: "authjs.session-token", description: "The browser's session cookie." },
      },
    },
  };
}
