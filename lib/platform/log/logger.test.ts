import { describe, expect, it } from "vitest";
import { createLogger, logger, withRequest } from "./logger";

function captured() {
  const lines: string[] = [];
  const log = createLogger({ level: "info", destination: { write: (line: string) => void lines.push(line) } });
  return { log, lines, entries: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe("createLogger", () => {
  it("writes one JSON line with a level label, redacting known keys and scrubbing every other string", () => {
    const { log, lines, entries } = captured();
    log.error(
      {
        email: "jane.doe@example.com",
        phone: "+33 6 12 34 56 78",
        transcript: "AI: Hello. User: I'm Jane, my knee hurts.",
        request: { body: { fullName: "Jane Doe", note: "call me" } },
        caller: { from: "+33612345678" },
        header: "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJlLXNpZ25hdHVyZQ",
        appointmentId: "3f2b8c1e-9d4a-4c6b-8f1e-123456789012",
      },
      "lookup failed for %s via sk_live_abc123XYZ",
      "jane.doe@example.com",
    );

    expect(lines).toHaveLength(1);
    const [entry] = entries();
    expect(entry).toMatchObject({
      level: "error",
      msg: "lookup failed for [email] via [token]",
      email: "[redacted]",
      phone: "[redacted]",
      transcript: "[redacted]",
      request: { body: "[redacted]" },
      caller: { from: "[phone]" },
      header: "[token]",
      appointmentId: "3f2b8c1e-9d4a-4c6b-8f1e-123456789012",
    });
    expect(lines[0]).not.toMatch(/jane|Jane|knee|\+33|612345678|eyJ|sk_live/);
  });

  it("scrubs an error's message and stack", () => {
    const { log, lines, entries } = captured();
    log.error({ err: new TypeError("no row for bob@example.org") }, "boom");
    const [entry] = entries();
    expect(entry).toMatchObject({ err: { type: "TypeError", message: "no row for [email]" } });
    expect(String((entry!.err as { stack: string }).stack)).toMatch(/^TypeError: no row for \[email\]\n\s+at /);
    expect(lines[0]).not.toContain("bob@");
  });

  it("is silent under tests unless LOG_LEVEL says otherwise", () => {
    expect(logger().level).toBe(process.env.LOG_LEVEL ?? "silent");
  });
});

describe("withRequest", () => {
  const base = captured();

  it("keeps a plain X-Request-Id and logs it with the method and route path, without the query string", () => {
    const req = new Request("http://localhost/api/callers/%2B33612345678?q=jane%40example.com", {
      method: "DELETE",
      headers: { "x-request-id": "edge-7f3a_01" },
    });
    const { requestId, log } = withRequest(req, { phone: "+33612345678" }, base.log);
    log.info("hello");
    expect(requestId).toBe("edge-7f3a_01");
    expect(base.entries().at(-1)).toMatchObject({ reqId: "edge-7f3a_01", method: "DELETE", path: "/api/callers/[phone]", msg: "hello" });
    expect(base.lines.at(-1)).not.toMatch(/jane|q=/);
  });

  it("scrubs a path it has no params for", () => {
    const { log } = withRequest(new Request("http://localhost/api/callers/%2B33612345678/jane%40example.com"), {}, base.log);
    log.info("hello");
    expect(base.entries().at(-1)).toMatchObject({ path: "/api/callers/[phone]/[email]" });
  });

  it.each([["x".repeat(65)], ["id with spaces"], ["<script>"], [""]])("replaces an odd X-Request-Id (%j) with a UUID", (given) => {
    const req = new Request("http://localhost/api/calls", { headers: { "x-request-id": given } });
    expect(withRequest(req, {}, base.log).requestId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
