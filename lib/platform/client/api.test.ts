// The browser's API client: a route's answer is its data, a refusal an ApiError carrying the server's message, an
// unreachable server status 0; and the compiler refuses a path no route declares or a field no answer has.
import { describe, expect, it } from "vitest";
import { api, ApiError, ok, type Answer } from "./api";

const answered = (status: number, body: { data?: unknown; error?: unknown }) =>
  Promise.resolve({ ...body, response: new Response(null, { status }) });

describe("the API client", () => {
  it("gives the answer's data on success", async () => {
    await expect(ok(answered(200, { data: { calls: [] } }))).resolves.toEqual({ calls: [] });
  });

  it("turns a refusal into an ApiError with the server's translated message, or none", async () => {
    const refused = await ok(answered(409, { error: { message: "Ce créneau est déjà pris." } })).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, serverMessage: "Ce créneau est déjà pris." });
    await expect(ok(answered(502, { error: "Bad gateway" }))).rejects.toMatchObject({ status: 502, serverMessage: null });
    await expect(ok(answered(401, { error: { message: "Link expired" } }), { keepSessionOn401: true })).rejects.toMatchObject({
      status: 401,
      serverMessage: "Link expired",
    });
  });

  it("says status 0 when the server cannot be reached", async () => {
    await expect(ok(Promise.reject(new TypeError("Failed to fetch")))).rejects.toMatchObject({ status: 0 });
  });

  it("types paths, parameters and answers from the route declarations", () => {
    // Never called: what matters is that the compiler (`tsc` in npm test) refuses each line marked below.
    const typed = () => {
      // @ts-expect-error a path no route declares
      void api.GET("/api/cals");
      // @ts-expect-error a path parameter left out
      void api.GET("/api/calls/{id}");
      const answer = {} as Answer<"/api/calls">;
      // @ts-expect-error a field the answer does not have
      void answer.calls[0]?.callerName;
      return answer.calls[0]?.fromNumber;
    };
    expect(typeof typed).toBe("function");
  });
});
