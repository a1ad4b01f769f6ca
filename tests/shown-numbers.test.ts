// Every number the app shows is one it takes back when typed the way it is shown: the sandbox pool, the Try page's
// callers, the demo data's French fiction block (06 39 98 xx xx), in the forms where a number can be typed (read with the
// business's country, as the forms read them).
import { describe, expect, it } from "vitest";
import { formatPhone, parsePhone } from "@/lib/platform/phone/phone";
import { FICTIONAL_CALLERS } from "@/lib/receptionist/simulator/try-call";
import { DEMO_PHONES } from "@/lib/server/ops/seed";
import { sandboxNumbers } from "@/lib/vendors/telnyx/sandbox-telephony";

describe("numbers shown, typed back", () => {
  it("reads each one in its country's national form and in international form", () => {
    const shown: [string, string][] = [
      ...sandboxNumbers().map((n): [string, string] => [n.phoneNumber, n.region]),
      ...Object.entries(FICTIONAL_CALLERS).map(([country, n]): [string, string] => [n, country]),
      ...DEMO_PHONES.map((n): [string, string] => [n, "FR"]),
    ];
    expect(shown.length).toBeGreaterThan(70);
    for (const [e164, country] of shown) {
      for (const typed of [formatPhone(e164, country), formatPhone(e164, "ZZ")]) {
        expect(parsePhone(typed, country), `${typed} (${country})`).toMatchObject({ ok: true, e164 });
      }
    }
  });

  it("takes the French fiction block, and only it, among mobile numbers that do not exist", () => {
    expect(parsePhone("06 39 98 01 42", "FR")).toEqual({ ok: true, e164: "+33639980142", country: "FR" });
    expect(parsePhone("06 39 97 01 42", "FR")).toMatchObject({ ok: false });
  });
});
