import { config } from "zod/v4/core";
import { describe, expect, it } from "vitest";
import { makeZodJitless } from "./zod-jitless";

describe("zod's jitless mode, set without importing zod", () => {
  it("is the configuration zod reads", () => {
    config({ jitless: false });
    expect(config().jitless).toBe(false);
    makeZodJitless();
    expect(config().jitless).toBe(true);
  });
});
