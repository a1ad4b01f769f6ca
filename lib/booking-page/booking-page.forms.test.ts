import { describe, expect, it } from "vitest";
import { bookingCodeFormSchema, bookingDetailsFormSchema, bookingPageFormSchema } from "./booking-page.forms";

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

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));

describe("the booking page's forms", () => {
  it("say an empty name, number or code in the page's own words", () => {
    expect(messages(bookingDetailsFormSchema.safeParse({ name: " ", phone: "", email: "" }))).toEqual({
      name: "bookingNameRequired",
      phone: "bookingPhoneRequired",
    });
    expect(messages(bookingCodeFormSchema.safeParse({ smsCode: "  " }))).toEqual({ smsCode: "bookingCodeRequired" });
  });

  it("keep the booking route's own rules past that: its bounds, the email's shape", () => {
    const long = bookingDetailsFormSchema.safeParse({ name: "x".repeat(121), phone: "06 55 44 33 22", email: "not-an-email" });
    expect(long.error?.issues.map((i) => [i.path.join("."), i.code])).toEqual([
      ["name", "too_big"],
      ["email", "custom"],
    ]);
    expect(messages(long)).toMatchObject({ email: "emailInvalid" });
    expect(bookingCodeFormSchema.safeParse({ smsCode: "1".repeat(13) }).success).toBe(false);
  });

  it("hand the route what it reads: trimmed, the email in lower case, an empty email allowed", () => {
    expect(bookingDetailsFormSchema.parse({ name: " Léa Martin ", phone: " 06 55 44 33 22 ", email: " Lea@Example.FR " })).toEqual({
      name: "Léa Martin",
      phone: "06 55 44 33 22",
      email: "lea@example.fr",
    });
    expect(bookingDetailsFormSchema.parse({ name: "Léa", phone: "0655443322", email: "" }).email).toBe("");
  });
});
