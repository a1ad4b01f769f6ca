// GET /api/openapi.json: a valid OpenAPI 3.1 document of every /api route, with who may call it, what it reads and
// what it answers, built from the routes' own declarations.
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import { FALLBACK_PATH } from "@/lib/platform/http/api-routes";
import { api } from "../helpers/api";

type Answer = { description: string; content?: Record<string, { schema?: any }> };

/** Operations that never succeed: the address exists only to say what is missing. */
const NEVER_SUCCEEDS = new Set(["GET /api/auth/validate-setup-token"]);
/** Successes whose body is not the API's JSON: the consent popup's page. */
const NO_SCHEMA = new Set(["GET /api/google-calendar/callback"]);

describe("GET /api/openapi.json", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const res = await api("GET", "/api/openapi.json");
    expect(res.status).toBe(200);
    expect(res.body.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(res.body));
    expect(result.valid, JSON.stringify("errors" in result ? result.errors : [])).toBe(true);
  });

  it("lists every route and method, with its policy as security and its path parameters", async () => {
    const { body: doc } = await api("GET", "/api/openapi.json");
    for (const r of API_ROUTES) {
      if (r.path === FALLBACK_PATH) continue;
      const item = doc.paths[r.path.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}")];
      expect(item, r.path).toBeDefined();
      for (const m of r.methods) {
        const op = item[m.toLowerCase()];
        expect(op, `${m} ${r.path}`).toBeDefined();
        const scope = r.scopes?.[m];
        const session = r.policy === "owner" || r.policy === "admin" ? [{ bearer: [] }, { cookie: [] }] : [];
        expect(op.security, `${m} ${r.path}`).toEqual(scope ? [...session, { apiKey: [scope] }] : session);
        expect((op.parameters ?? []).filter((p: { in: string }) => p.in === "path").map((p: { name: string }) => p.name)).toEqual(
          r.params.map((p) => p.replace(/^\.\.\./, "")),
        );
      }
    }
  });

  it("opens exactly the scoped operations to API keys, each naming its scope", async () => {
    const { body: doc } = await api("GET", "/api/openapi.json");
    expect(doc.components.securitySchemes.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    const scoped: Record<string, string> = {};
    for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, { security: Record<string, string[]>[] }>>)) {
      for (const [method, op] of Object.entries(item)) {
        const key = op.security.find((s) => "apiKey" in s);
        if (key) scoped[`${method.toUpperCase()} ${path}`] = key.apiKey![0]!;
      }
    }
    expect(scoped).toEqual({
      "GET /api/appointments": "appointments:read",
      "GET /api/appointments/{id}": "appointments:read",
      "POST /api/appointments": "appointments:write",
      "DELETE /api/appointments/{id}": "appointments:write",
      "POST /api/appointments/{id}/cancel": "appointments:write",
      "POST /api/appointments/{id}/reassign": "appointments:write",
      "PUT /api/appointments/{id}/attendance": "appointments:write",
      "GET /api/calls": "calls:read",
      "GET /api/calls/{id}": "calls:read",
      "GET /api/threads": "messages:read",
      "GET /api/threads/{id}": "messages:read",
      "GET /api/tasks": "tasks:read",
    });
    const read = doc.paths["/api/appointments/{id}"].get;
    expect(read.description).toContain("API key scope: appointments:read");
    expect(read.responses["403"].description).toMatch(/scope/);
    expect(read.responses["429"]).toBeDefined();
  });

  it("gives every operation a success with a schema, or one declared without a body, and the refusals its route can give", async () => {
    const { body: doc } = await api("GET", "/api/openapi.json");
    for (const r of API_ROUTES) {
      if (r.path === FALLBACK_PATH) continue;
      for (const m of r.methods) {
        const label = `${m} ${r.path}`;
        const op = doc.paths[r.path.replace(/\[(?:\.\.\.)?(\w+)\]/g, "{$1}")][m.toLowerCase()];
        const successes = Object.entries(op.responses as Record<string, Answer>).filter(([status]) => /^[23]\d\d$/.test(status));
        if (NEVER_SUCCEEDS.has(label)) {
          expect(successes, label).toEqual([]);
          continue;
        }
        expect(successes.length, `${label} declares no success`).toBeGreaterThan(0);
        for (const [status, answer] of successes) {
          // A 2xx carries a schema per media type unless it is declared without a body (a redirect, a page, a library's own).
          if (status.startsWith("2") && !NO_SCHEMA.has(label)) {
            expect(answer.content, `${label} ${status}`).toBeDefined();
            for (const [type, media] of Object.entries(answer.content!)) {
              if (type === "application/json") expect(media.schema, `${label} ${status} ${type}`).toBeDefined();
            }
          }
        }
        const error = { "application/json": { schema: { $ref: "#/components/schemas/Error" } } };
        const refusals = [];
        if (op.requestBody || (op.parameters ?? []).some((p: { in: string }) => p.in === "query")) refusals.push("400");
        if (r.policy === "owner" || r.policy === "admin") refusals.push("401");
        if (r.policy === "admin") refusals.push("403");
        for (const status of refusals) expect(op.responses[status]?.content, `${label} ${status}`).toEqual(error);
      }
    }
  });

  it("carries the response schemas the routes declare, field by field", async () => {
    const { body: doc } = await api("GET", "/api/openapi.json");
    const json = (op: { responses: Record<string, Answer> }, status: string) => op.responses[status]!.content!["application/json"]!.schema!;
    const login = json(doc.paths["/api/auth/login"].post, "200");
    expect(login.required).toEqual(["token", "user"]);
    expect(login.properties.user.properties).toHaveProperty("telnyxPhoneNumber");
    expect(login.properties.user.properties.workingHours.properties.monday.required).toEqual(["isOpen", "openTime", "closeTime"]);
    expect(json(doc.paths["/api/ai/parameters"].post, "201").required).toEqual(["language", "voiceId", "firstMessage", "agentName"]);
    expect(json(doc.paths["/api/phone-numbers/claim"].get, "200").required).toEqual(["phoneNumber"]);
    expect(json(doc.paths["/api/admin/phone-numbers/available"].get, "200").properties).toHaveProperty("phoneNumbers");
    expect(json(doc.paths["/api/auth/validate-setup-token/{token}"].get, "200").required).toEqual(["email", "name"]);
    expect(json(doc.paths["/api/auth/complete-setup"].post, "200").required).toEqual(["success"]);
    expect(doc.paths["/api/billing/checkout"].get.responses["303"]).toEqual({ description: expect.any(String) });
    expect(Object.keys(doc.paths["/api/account/export"].get.responses["200"].content)).toEqual(["application/json", "application/zip"]);
  });

  it("carries the request schemas the routes validate with", async () => {
    const { body: doc } = await api("GET", "/api/openapi.json");
    const register = doc.paths["/api/auth/register"].post.requestBody.content["application/json"].schema;
    expect(register.properties).toHaveProperty("email");
    expect(register.properties).toHaveProperty("password");
    expect(register.required).toEqual(expect.arrayContaining(["email", "password"]));
    const cancel = doc.paths["/api/appointments/{id}/cancel"].post;
    expect(cancel.parameters).toEqual([{ name: "id", in: "path", required: true, schema: { type: "string" } }]);
    expect(doc.paths["/api/auth/login"].post.security).toEqual([]);
  });
});
