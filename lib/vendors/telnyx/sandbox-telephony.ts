import { randomUUID } from "node:crypto";
import type { OwnedNumber, TelephonyPort } from "@/lib/ports/telephony";

// Fictional numbers only, so a demo or a test never rings a real person. Every one is valid for libphonenumber (the app
// reads numbers through it) and carries its country as its region, so an owner claims a number of their own country.

// United States: 555-0100 to 555-0199 are reserved for fiction in the North American plan.
const US_AREA_CODES = ["212", "415", "312", "617", "305"];

// France: the blocks ARCEP sets aside for films and audiovisual works (01 99 00, 02 61 91, 03 53 01, 04 65 71,
// 05 36 49, 09 77 40, each followed by four digits). Its mobile block, 06 39 98, is the demo's callers' (lib/platform/phone reads
// it although libphonenumber does not list it): a business line is a geographic number.
const FR_FICTION_BLOCKS = ["19900", "26191", "35301", "46571", "53649", "97740"];

// Spain has no range reserved for fiction. These are FICTIONAL all the same: geographic numbers of Madrid (91) and
// Barcelona (93) chosen for the sandbox, valid for libphonenumber, which the sandbox never dials or texts. A real
// installation uses its Telnyx account's own numbers instead.
const ES_FICTIONAL_BLOCKS = ["9100001", "9300001"];

/** 30 US numbers: the first sandbox pool, the same numbers since (their markers and tests rely on them). */
function usNumbers(): OwnedNumber[] {
  return Array.from({ length: 30 }, (_, i) => {
    const line = String(100 + i).padStart(4, "0");
    const area = US_AREA_CODES[i % US_AREA_CODES.length]!;
    return { phoneNumber: `+1${area}555${line}`, region: "US", phoneNumberType: "local", providerId: `sandbox-number-${line}` };
  });
}

/** 60 French numbers, ten in each fiction block: the end-to-end suite's owners are in Paris and claim a good many. */
function frNumbers(): OwnedNumber[] {
  return FR_FICTION_BLOCKS.flatMap((block) =>
    Array.from({ length: 10 }, (_, i) => {
      const national = `${block}01${String(i).padStart(2, "0")}`;
      return { phoneNumber: `+33${national}`, region: "FR", phoneNumberType: "local", providerId: `sandbox-number-fr-${national}` };
    }),
  );
}

/** 10 Spanish numbers, five per block. */
function esNumbers(): OwnedNumber[] {
  return ES_FICTIONAL_BLOCKS.flatMap((block) =>
    Array.from({ length: 5 }, (_, i) => {
      const national = `${block}${String(i).padStart(2, "0")}`;
      return { phoneNumber: `+34${national}`, region: "ES", phoneNumberType: "local", providerId: `sandbox-number-es-${national}` };
    }),
  );
}

// United Kingdom: Ofcom's numbers reserved for drama, London's 020 7946 0000 to 0999 and the same block in other
// cities (0131 496 Edinburgh, 029 2018 Cardiff, 028 9649 6 Belfast, 0161 496 Manchester), so a practice in each
// nation has a number of its own. The mobile block 07700 900000 to 900999 is for callers, not for a business's line.
const GB_FICTION_BLOCKS = ["2079460", "1314960", "2920180", "2896496", "1614960"];

/** 20 UK numbers: eight in London, three in each other city. */
function gbNumbers(): OwnedNumber[] {
  return GB_FICTION_BLOCKS.flatMap((block, b) =>
    Array.from({ length: b === 0 ? 8 : 3 }, (_, i) => {
      const national = `${block}${String(100 + i).padStart(3, "0")}`;
      return { phoneNumber: `+44${national}`, region: "GB", phoneNumberType: "local", providerId: `sandbox-number-gb-${national}` };
    }),
  );
}

/** The sandbox's numbers: enough for a demo practice group in each country and for the end-to-end suite. */
export function sandboxNumbers(): OwnedNumber[] {
  return [...usNumbers(), ...frNumbers(), ...esNumbers(), ...gbNumbers()];
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
    // Profiles are ids the app records (users.messaging_profile_id, phone_numbers.messaging_profile_id), as with the
    // real provider; the sandbox keeps its STOPs per business in opt_outs, which is what a profile's block rules are.
    async createMessagingProfile() {
      return `sandbox-mp-${randomUUID()}`;
    },
    async moveToMessagingProfile() {},
    async deleteMessagingProfile() {},
  };
}
