// The add-closure form's schema as the form runs it, through the resolver: which field each refusal is named under.
import { describe, expect, it } from "vitest";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { closureFormSchema, type ClosureForm } from "@/lib/scheduling/closures/closures.forms";

const EMPTY: ClosureForm = { from: "", to: "", special: false, openTime: "", closeTime: "", reason: "", practitionerId: "" };
const resolve = (values: Partial<ClosureForm>) =>
  lazyZodResolver(async () => closureFormSchema)({ ...EMPTY, ...values }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("closureFormSchema", () => {
  it("asks for the first day in the closure's words", async () => {
    expect((await resolve({})).errors).toMatchObject({ from: { message: "closureFromRequired" } });
  });

  it("sends a closed day with its empty fields left out, the last day defaulting to the first", async () => {
    const { values, errors } = await resolve({ from: "2030-05-01", openTime: "09:00", closeTime: "12:00", reason: "  " });
    expect(errors).toEqual({});
    expect(values).toEqual({ from: "2030-05-01", to: "2030-05-01", reason: null });
  });

  it("with special hours ticked, needs both times, in order, named under each field", async () => {
    expect((await resolve({ from: "2030-05-01", special: true, closeTime: "12:00" })).errors).toMatchObject({
      openTime: { message: "required" },
    });
    expect((await resolve({ from: "2030-05-01", special: true, openTime: "12:00", closeTime: "09:00" })).errors).toMatchObject({
      closeTime: { message: "closeAfterOpen" },
    });
    const { values } = await resolve({ from: "2030-05-01", special: true, openTime: "09:00", closeTime: "12:00", reason: " training " });
    expect(values).toMatchObject({ openTime: "09:00", closeTime: "12:00", reason: "training" });
  });

  it("reads the route's own rules: the last day not before the first, the reason's bound", async () => {
    const { errors } = await resolve({ from: "2030-05-02", to: "2030-05-01", reason: "x".repeat(121) });
    expect(errors).toMatchObject({ reason: { message: "tooLong", params: { max: 120 } } });
    expect((await resolve({ from: "2030-05-02", to: "2030-05-01" })).errors).toMatchObject({ to: { message: "closureEndsBeforeStart" } });
  });
});
