// GET /api/openapi.json: a valid OpenAPI 3.1 document of every /api route, with who may call it and what it reads,
// built from the routes' own declarations.
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { API_ROUTES } from "@/app/api/routes.generated";
import { FALLBACK_PATH } from "@/lib/http/api-routes";
import { api } from "../helpers/api";

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
        expect(op.security, `${m} ${r.path}`).toEqual(r.policy === "owner" || r.policy === "admin" ? [{ bearer: [] }, { cookie: [] }] : []);
        expect((op.parameters ?? []).filter((p: { in: string }) => p.in === "path").map((p: { name: string }) => p.name)).toEqual(r.params.map((p) => p.replace(/^\.\.\./, "")));
      }
    }
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
