import { describe, expect, it } from "vitest";
import { z } from "zod";
import { servicesSchema } from "@/lib/accounts/account/accounts.schemas";
import { lazyZodResolver } from "./lazy-zod-resolver";

const schema = z.object({
  title: z.string().trim().min(1, "required").max(5, "tooLong"),
  note: z.string().max(3),
  services: servicesSchema,
  nested: z.object({ code: z.string().regex(/^\d+$/, "cutoffInvalid") }),
});

const resolve = (values: unknown) =>
  lazyZodResolver(async () => schema)(values as never, undefined, { fields: {}, shouldUseNativeValidation: false });

describe("lazyZodResolver", () => {
  it("gives each field the key the server would give, with the schema's bound to fill the text", async () => {
    const { errors } = await resolve({ title: "far too long", note: "long", services: Array(51).fill("s"), nested: { code: "x" } });
    expect(errors).toMatchObject({
      title: { type: "too_big", message: "tooLong", params: { max: 5 } },
      // zod's own sentence is no key: read as the server reads it.
      note: { type: "too_big", message: "tooLong", params: { max: 3 } },
      // A union reads as its closest branch: the list, over its 50.
      services: { type: "too_big", message: "tooMany", params: { max: 50 } },
      nested: { code: { type: "invalid_format", message: "cutoffInvalid" } },
    });
  });

  it("a blank required field is 'required'; valid values come back parsed", async () => {
    expect((await resolve({ title: " ", note: "", services: [], nested: { code: "1" } })).errors).toMatchObject({
      title: { message: "required" },
    });
    const ok = await resolve({ title: " Hi ", note: "", services: "a, b", nested: { code: "1" } });
    expect(ok.errors).toEqual({});
    expect(ok.values).toEqual({ title: "Hi", note: "", services: ["a", "b"], nested: { code: "1" } });
  });
});
