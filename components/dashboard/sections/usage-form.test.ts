// The usage limit's form as it runs its schema, through the resolver: what it sends, and what it names under the field.
import { describe, expect, it } from "vitest";
import { lazyZodResolver } from "@/components/forms/lazy-zod-resolver";
import { usageAlertFormSchema } from "@/lib/insights/insights.schemas";

const resolve = (alertMinutes: string) =>
  lazyZodResolver(async () => usageAlertFormSchema)({ alertMinutes }, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("the usage limit's form", () => {
  it("sends a whole number of minutes, and an empty box as no limit", async () => {
    expect((await resolve(" 30 ")).values).toEqual({ alertMinutes: 30 });
    expect((await resolve("")).values).toEqual({ alertMinutes: null });
  });

  it.each(["0", "1.5", "abc", "100001"])("refuses %s in the route's own words, under the field", async (typed) => {
    expect((await resolve(typed)).errors).toMatchObject({ alertMinutes: { message: "alertMinutesInvalid" } });
  });
});
