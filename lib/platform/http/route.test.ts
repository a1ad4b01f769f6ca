import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { AppError } from "@/lib/platform/errors";
import { keyParam } from "@/lib/platform/message-param";
import { captureLogs, type CapturedLogs } from "@/tests/helpers/logs";
import { json, parseWith, readJson, route } from "./route";

const signup = z.object({ email: z.string(), phone: z.string(), password: z.string(), fullName: z.string() });
const personal = { email: "jane.doe@example.com", phone: "+33612345678", password: "hunter2-correct-horse", fullName: "Jane Doe" };
const noParams = { params: Promise.resolve({}) };

function post(path: string, body: unknown, headers: Record<string, string> = {}): Request {
  return new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
}

let logs: CapturedLogs;
beforeEach(() => {
  logs = captureLogs();
});
afterEach(() => logs.restore());

describe("route: request ids and logs", () => {
  it("logs an unexpected error with the request id, method, path and status, never the body or what it held", async () => {
    const handler = route(async (req) => {
      const input = await readJson(req, signup);
      // An error quoting the input, as a careless library might: the body must not reach the log through it either.
      throw new Error(`could not save ${input.fullName} <${input.email}> ${input.phone} with ${input.password}`);
    });

    const res = await handler(post("/api/auth/register?ref=jane.doe%40example.com", personal), noParams);

    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: expect.any(String) });
    const requestId = res.headers.get("x-request-id");
    expect(requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const failure = logs.entries().find((e) => e.msg === "unhandled route error");
    expect(failure).toMatchObject({
      level: "error",
      reqId: requestId,
      method: "POST",
      path: "/api/auth/register",
      status: 500,
      name: "Error",
    });
    expect(failure?.error).toBe("could not save [input] <[input]> [input] with [input]");
    expect(logs.text()).not.toMatch(/jane|Jane|example\.com|612345678|hunter2|correct-horse|ref=|body/i);
  });

  it("logs a database error by its SQLSTATE, not drizzle's text with the query's parameters", async () => {
    const handler = route(async () => {
      const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
        code: "23505",
        constraint_name: "users_email_key",
      });
      throw Object.assign(new Error("Failed query: insert into users … params: jane.doe@example.com,Jane Doe"), { cause: driver });
    });

    const res = await handler(post("/api/auth/register", {}), noParams);

    expect(res.status).toBe(500);
    const failure = logs.entries().find((e) => e.msg === "unhandled route error");
    expect(failure).toMatchObject({ reqId: res.headers.get("x-request-id"), sqlstate: "23505", constraint: "users_email_key" });
    expect(logs.text()).not.toMatch(/jane|Jane|Failed query/);
  });

  it("answers with the caller's X-Request-Id when it is a plain token, on an error as on a success", async () => {
    const failing = route(async () => {
      throw new AppError("not_found", "notFound");
    });
    const ok = route(async () => json({ ok: true }));

    const notFound = await failing(post("/api/missing", {}, { "x-request-id": "lb-0a1b2c3d" }), noParams);
    const fine = await ok(post("/api/ok", {}, { "x-request-id": "lb-0a1b2c3d" }), noParams);

    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("x-request-id")).toBe("lb-0a1b2c3d");
    expect(fine.headers.get("x-request-id")).toBe("lb-0a1b2c3d");
  });

  it("writes one access line per request with the status and duration, the route's pattern as path", async () => {
    const handler = route<{ phone: string }>(async () => json({ erased: 1 }));

    const res = await handler(new Request("http://localhost:3000/api/callers/%2B33612345678", { method: "DELETE" }), {
      params: Promise.resolve({ phone: "%2B33612345678" }),
    });

    const access = logs.entries().filter((e) => e.msg === "request");
    expect(access).toEqual([
      expect.objectContaining({
        level: "info",
        reqId: res.headers.get("x-request-id"),
        method: "DELETE",
        path: "/api/callers/[phone]",
        status: 200,
        ms: expect.any(Number),
      }),
    ]);
  });

  it("adds the header to a response whose headers are immutable", async () => {
    const handler = route(async () => Response.redirect("http://localhost:3000/login", 303));

    const res = await handler(post("/api/x", {}), noParams);

    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("http://localhost:3000/login");
    expect(res.headers.get("x-request-id")).toBeTruthy();
  });
});

describe("parseWith: text a database cannot store", () => {
  const schema = z.object({ profile: z.object({ fullName: z.string() }), extra: z.unknown().optional() });

  function refusal(data: unknown): AppError | null {
    try {
      parseWith(schema, data);
      return null;
    } catch (e) {
      return e as AppError;
    }
  }

  it("refuses a control character anywhere, before the schema, naming the nearest known field", () => {
    expect(refusal({ profile: { fullName: "Jane\u0000" } })).toMatchObject({
      code: "bad_request",
      messageKey: "Validation.controlCharacters",
      params: { field: keyParam("Fields.fullName") },
    });
    // Where the schema takes anything (z.unknown()), or the key itself is the problem, the request as a whole is named.
    expect(refusal({ profile: { fullName: "Jane" }, extra: [{ deep: "\u001b" }] })).toMatchObject({
      messageKey: "Validation.controlCharacters",
      params: { field: keyParam("Fields.body") },
    });
    expect(refusal({ profile: { fullName: "Jane" }, "e\u0000": 1 })).toMatchObject({ messageKey: "Validation.controlCharacters" });
    expect(refusal({ profile: { fullName: "\uD800" } })).toMatchObject({ messageKey: "Validation.controlCharacters" });
  });

  it("lets tabs, line breaks and every script through to the schema", () => {
    expect(parseWith(schema, { profile: { fullName: "Jane\tDoe\r\n😀 Élodie 東京" } })).toEqual({
      profile: { fullName: "Jane\tDoe\r\n😀 Élodie 東京" },
    });
    expect(refusal({ profile: { fullName: 42 } })).toMatchObject({ messageKey: "Validation.invalid" });
  });
});
