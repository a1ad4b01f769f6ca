import { describe, expect, it } from "vitest";
import { eraseCallerFormSchema } from "./privacy.forms";
import { privacySettingsSchema, RETENTION_DAYS } from "./privacy.schemas";

describe("the privacy page's schemas", () => {
  it("refuse a retention period outside its bounds, a fraction or an empty box (NaN in the form) with the range", () => {
    for (const retentionDays of [RETENTION_DAYS.min - 1, RETENTION_DAYS.max + 1, 30.5, Number.NaN]) {
      const result = privacySettingsSchema.safeParse({ retentionDays, recordingEnabled: true, birthDateCheck: false });
      expect(
        result.error?.issues.map((i) => i.message),
        String(retentionDays),
      ).toEqual(["retentionRange"]);
    }
    expect(privacySettingsSchema.parse({ retentionDays: 30, recordingEnabled: false, birthDateCheck: true })).toEqual({
      retentionDays: 30,
      recordingEnabled: false,
      birthDateCheck: true,
    });
  });

  it("ask for the caller's number before an erasure, trimmed", () => {
    expect(eraseCallerFormSchema.safeParse({ phone: "  " }).error?.issues[0]?.message).toBe("callerPhoneRequired");
    expect(eraseCallerFormSchema.parse({ phone: " +33 6 11 22 33 44 " })).toEqual({ phone: "+33 6 11 22 33 44" });
  });
});
