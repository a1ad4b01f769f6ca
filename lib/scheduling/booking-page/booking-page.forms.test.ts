import { describe, expect, it } from "vitest";
import { bookingPageFormSchema } from "./booking-page.forms";

describe("bookingPageFormSchema", () => {
  it("leaves an empty address out and reads a typed one as the route does", () => {
    expect(bookingPageFormSchema.parse({ enabled: true, textAfterHangUp: false, slug: "  " })).toEqual({
      enabled: true,
      textAfterHangUp: false,
    });
    expect(bookingPageFormSchema.parse({ enabled: false, slug: " Cabinet-Roux " }).slug).toBe("cabinet-roux");
  });

  it("refuses a malformed address with the route's key", () => {
    const result = bookingPageFormSchema.safeParse({ enabled: true, slug: "-no-" });
    expect(result.error?.issues).toMatchObject([{ path: ["slug"], message: "slugInvalid" }]);
  });
});
