// Stands in for Google when no Google credentials are configured. Its consent step mints short-lived codes signed with
// AUTH_SECRET; `sandbox-test-code` is always accepted (for tests and scripts).
import { createHmac } from "node:crypto";
import { randomToken, safeEqual } from "@/lib/crypto/tokens";
import type { CalendarGrant, CalendarPort } from "./port";

export const SANDBOX_TEST_CODE = "sandbox-test-code";
const CODE_TTL_MS = 10 * 60 * 1000;

export function createSandboxCalendar(secret: string): CalendarPort & { mintConsentCode(now?: Date): string } {
  const sign = (payload: string) => createHmac("sha256", secret).update(`calendar-consent:${payload}`).digest("base64url");
  return {
    kind: "sandbox",
    mintConsentCode(now = new Date()) {
      const payload = `${now.getTime()}.${randomToken(9)}`;
      return `sbx.${payload}.${sign(payload)}`;
    },
    async exchangeCode(code: string): Promise<CalendarGrant | null> {
      if (code !== SANDBOX_TEST_CODE) {
        const match = /^sbx\.(\d+\.[\w-]+)\.([\w-]+)$/.exec(code);
        if (!match || !safeEqual(sign(match[1]!), match[2]!)) return null;
        const issued = Number(match[1]!.split(".")[0]);
        if (Date.now() - issued > CODE_TTL_MS) return null;
      }
      return {
        refreshToken: `sandbox-refresh-${randomToken(24)}`,
        accountEmail: null,
        scopes: "openid profile email https://www.googleapis.com/auth/calendar.events https://www.googleapis.com/auth/calendar.freebusy",
      };
    },
    async revoke() {
      // The sandbox grant lives only in our database, which the caller deletes.
    },
  };
}
