// Call-forwarding dial codes per carrier, for the phone-number page's guide: what an owner dials on the business line to send
// calls to their Recepta number, and to stop. Unconditional forwarding only (every call goes to the receptionist); the
// conditional variants (*61* no answer, *62* unreachable, *67* busy on GSM) are the carrier's to explain. Codes can
// differ by plan or on a landline: the guide says so.
//  - GSM networks follow the standard MMI codes (3GPP TS 22.030): *21*number# activates, #21# deactivates; the
//    "register" form **21*number# / ##21# erases as well, and is what T-Mobile, Free Mobile and the Spanish GSM
//    networks document. They take the number in international form.
//  - Verizon (a CDMA network in origin) uses the North American star codes: *72 then the ten-digit number, *73 to stop.
//  - Sprint is gone: it merged into T-Mobile in 2020 and its lines moved to T-Mobile's network and codes.
export type ForwardingCountry = "US" | "FR" | "ES";
export type CarrierCodes = { carrier: string; activate: string; deactivate: string };

type Rule = { carrier: string; activate: (n: { international: string; national: string }) => string; deactivate: string };

const RULES: Record<ForwardingCountry, Rule[]> = {
  US: [
    { carrier: "AT&T", activate: (n) => `*21*${n.national}#`, deactivate: "#21#" },
    { carrier: "Verizon", activate: (n) => `*72${n.national}`, deactivate: "*73" },
    { carrier: "T-Mobile", activate: (n) => `**21*${n.international}#`, deactivate: "##21#" },
  ],
  FR: [
    { carrier: "Orange", activate: (n) => `*21*${n.international}#`, deactivate: "#21#" },
    { carrier: "SFR", activate: (n) => `*21*${n.international}#`, deactivate: "#21#" },
    { carrier: "Bouygues Telecom", activate: (n) => `*21*${n.international}#`, deactivate: "#21#" },
    { carrier: "Free Mobile", activate: (n) => `**21*${n.international}#`, deactivate: "##21#" },
  ],
  ES: [
    { carrier: "Movistar", activate: (n) => `*21*${n.international}#`, deactivate: "#21#" },
    { carrier: "Vodafone", activate: (n) => `**21*${n.international}#`, deactivate: "##21#" },
    { carrier: "Orange", activate: (n) => `**21*${n.international}#`, deactivate: "##21#" },
    { carrier: "Yoigo", activate: (n) => `**21*${n.international}#`, deactivate: "##21#" },
  ],
};

export const FORWARDING_COUNTRIES = Object.keys(RULES) as ForwardingCountry[];

/** The country whose carriers a locale's owner most likely uses: the US for English, France, Spain. */
export function defaultForwardingCountry(locale: string): ForwardingCountry {
  return locale === "fr" ? "FR" : locale === "es" ? "ES" : "US";
}

function isForwardingCountry(country: string | null | undefined): country is ForwardingCountry {
  return !!country && (FORWARDING_COUNTRIES as string[]).includes(country);
}

/**
 * The country the guide opens on: the business's own (the profile's `country`, from its time zone), where its line
 * is; the page's language only for a country the guide has no carriers of (a French-speaking owner in Belgium).
 */
export function forwardingCountryOf(businessCountry: string | null | undefined, locale: string): ForwardingCountry {
  return isForwardingCountry(businessCountry) ? businessCountry : defaultForwardingCountry(locale);
}

/**
 * The codes with the owner's Recepta number filled in ("+1 555-010-0123" → "+15550100123", national "5550100123"), or
 * with `placeholder` where the number goes while there is none yet.
 */
export function forwardingCodes(country: ForwardingCountry, phoneNumber: string | null, placeholder = "…"): CarrierCodes[] {
  const digits = (phoneNumber ?? "").replace(/[^\d]/g, "");
  const n = digits
    ? { international: `+${digits}`, national: digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits }
    : { international: placeholder, national: placeholder };
  return RULES[country].map((r) => ({ carrier: r.carrier, activate: r.activate(n), deactivate: r.deactivate }));
}
