import { describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";

describe("AppError", () => {
  it("is recognised by instanceof even when thrown by another copy of this module (as a production bundle can hold)", async () => {
    // A second, separate copy of the module: its class is not this one.
    vi.resetModules();
    const other = await import("./errors");
    expect(other.AppError).not.toBe(AppError);
    const thrown = new other.AppError("not_found", "userNotFound");
    expect(thrown instanceof AppError).toBe(true);
    expect(new AppError("conflict", "x") instanceof other.AppError).toBe(true);
    // Nothing else passes for one.
    expect(new Error("userNotFound") instanceof AppError).toBe(false);
    expect({ code: "not_found", messageKey: "x" } instanceof AppError).toBe(false);
    expect((null as unknown) instanceof AppError).toBe(false);
  });
});
