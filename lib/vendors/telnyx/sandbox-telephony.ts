import type { OwnedNumber, TelephonyPort } from "@/lib/ports/telephony";

// Fictional numbers only: 555-0100 to 555-0199 are reserved for fiction in the North American plan.
const AREA_CODES = ["212", "415", "312", "617", "305"];

// 30 numbers: enough for a demo practice group and for the end-to-end suite, which claims and deletes some.
export function sandboxNumbers(count = 30): OwnedNumber[] {
  return Array.from({ length: count }, (_, i) => {
    const line = String(100 + i).padStart(4, "0");
    const area = AREA_CODES[i % AREA_CODES.length]!;
    return { phoneNumber: `+1${area}555${line}`, region: "US", phoneNumberType: "local", providerId: `sandbox-number-${line}` };
  });
}

export function createSandboxTelephony(): TelephonyPort {
  return {
    kind: "sandbox",
    async listOwnedNumbers() {
      return sandboxNumbers();
    },
    async releaseNumber() {
      // A fictional number has nothing to release upstream; the pool row is deleted by the caller.
    },
  };
}
