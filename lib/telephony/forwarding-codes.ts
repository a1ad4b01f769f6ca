// Call-forwarding dial codes per carrier, for the phone-number page's guide: what an owner dials on the business line to send
// calls to their Recepta number, and to stop. GSM networks (France, Spain, T-Mobile) take the number in international
// format; Verizon and Sprint take the ten-digit US number after *72. Codes can differ by plan: the guide says so.
export type ForwardingCountry = "US" | "FR" | "ES";
export type CarrierCodes = { carrier: string; activate: string; deactivate: string };

type Rule = { carrier: string; activate: (n: { international: string; national: string }) => string; deactivate: string };

const RULES: Record<ForwardingCountry, Rule[]> = {
  US: [
    { carrier: "AT&T", activate: (n) => `*21*${n.national}#`, deactivate: "#21#" },
    { carrier: "Verizon", activate: (n) => `*72${n.national}`, deactivate: "*73" },
    { carrier: "T-Mobile", activate: (n) => `**21*${n.international}#`, deactivate: "##21#" },
    { carrier: "Sprint", activate: (n) => `*72${n.national}`, deactivate: "*720" },
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
