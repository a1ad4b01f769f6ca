// The route label of a request: its route's folders and param names, never a value from the path.
import { describe, expect, it } from "vitest";
import { routePattern } from "./route-pattern";

const u = (path: string) => `http://localhost:3000${path}`;

describe("routePattern", () => {
  it("keeps a static route as it is, without its query string", () => {
    expect(routePattern(u("/api/auth/profile?q=jane@example.com"))).toBe("/api/auth/profile");
    expect(routePattern(u("/api/openapi.json"))).toBe("/api/openapi.json");
  });

  it("names each param where its value was, decoded or not", () => {
    const id = "4f1c2a9e-8b1d-4c7e-9f0a-1b2c3d4e5f60";
    expect(routePattern(u(`/api/appointments/${id}/cancel`), { id })).toBe("/api/appointments/[id]/cancel");
    expect(routePattern(u("/api/callers/%2B33612345678"), { phone: "+33612345678" })).toBe("/api/callers/[phone]");
    expect(routePattern(u("/api/auth/validate-setup-token/AbC_123-xyz"), { token: "AbC_123-xyz" })).toBe(
      "/api/auth/validate-setup-token/[token]",
    );
  });

  it("folds a catch-all's segments, however many, into one [...name]", () => {
    expect(routePattern(u("/api/nope"), { path: ["nope"] })).toBe("/api/[...path]");
    expect(routePattern(u("/api/a/b/jane@example.com/"), { path: ["a", "b", "jane@example.com"] })).toBe("/api/[...path]");
  });

  it("never writes out a segment no param accounts for unless it looks like a folder's name", () => {
    const id = "4f1c2a9e-8b1d-4c7e-9f0a-1b2c3d4e5f60";
    expect(routePattern(u(`/api/appointments/${id}`))).toBe("/api/appointments/[unknown]");
    expect(routePattern(u("/api/callers/+33612345678"))).toBe("/api/callers/[unknown]");
    expect(routePattern(u("/api/x/jane@example.com"))).toBe("/api/x/[unknown]");
    expect(routePattern(u("/api/x/deadbeef-0000-1111-2222-333344445555"))).toBe("/api/x/[unknown]");
  });
});
