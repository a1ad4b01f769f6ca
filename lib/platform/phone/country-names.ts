// A country as a caller names it on the phone, in English, French or Spanish ("my UK mobile", "un portable anglais",
// "un móvil de Reino Unido", "+44"): the region a national number is read in when it is not the business's country.
import { getCountries, getCountryCallingCode, type CountryCode } from "libphonenumber-js/max";
import metadata from "libphonenumber-js/metadata.max.json";

/** Lower case, without accents, articles or punctuation: "le Royaume-Uni" → "royaume uni". */
function normalize(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+]+/gu, " ")
    .replace(/^(the|le|la|les|l|el|los|las|du|de|del|des) /, "")
    .trim();
}

// What callers say that is not the country's name in the three languages: short names, nations of the United Kingdom,
// and the adjectives ("a French number", "un numéro anglais", "un móvil inglés").
const ALIASES: Record<string, CountryCode> = {
  uk: "GB",
  "u k": "GB",
  britain: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  british: "GB",
  english: "GB",
  scottish: "GB",
  welsh: "GB",
  angleterre: "GB",
  ecosse: "GB",
  "pays de galles": "GB",
  "irlande du nord": "GB",
  britannique: "GB",
  anglais: "GB",
  anglaise: "GB",
  ecossais: "GB",
  inglaterra: "GB",
  escocia: "GB",
  gales: "GB",
  "irlanda del norte": "GB",
  britanico: "GB",
  britanica: "GB",
  ingles: "GB",
  inglesa: "GB",
  us: "US",
  usa: "US",
  "u s": "US",
  "u s a": "US",
  america: "US",
  states: "US",
  american: "US",
  "etats unis": "US",
  americain: "US",
  americaine: "US",
  "estados unidos": "US",
  eeuu: "US",
  "ee uu": "US",
  estadounidense: "US",
  americano: "US",
  americana: "US",
  french: "FR",
  francais: "FR",
  francaise: "FR",
  frances: "FR",
  francesa: "FR",
  spanish: "ES",
  espagnol: "ES",
  espagnole: "ES",
  espanol: "ES",
  espanola: "ES",
  german: "DE",
  allemand: "DE",
  allemande: "DE",
  aleman: "DE",
  alemana: "DE",
  italian: "IT",
  italien: "IT",
  italienne: "IT",
  italiano: "IT",
  italiana: "IT",
  portuguese: "PT",
  portugais: "PT",
  portugaise: "PT",
  portugues: "PT",
  portuguesa: "PT",
  belgian: "BE",
  belge: "BE",
  belga: "BE",
  swiss: "CH",
  suisse: "CH",
  suizo: "CH",
  suiza: "CH",
  irish: "IE",
  irlandais: "IE",
  irlandaise: "IE",
  irlandes: "IE",
  irlandesa: "IE",
  dutch: "NL",
  neerlandais: "NL",
  hollandais: "NL",
  holandes: "NL",
  canadian: "CA",
  canadien: "CA",
  canadienne: "CA",
  canadiense: "CA",
  mexican: "MX",
  mexicain: "MX",
  mexicano: "MX",
  mexicana: "MX",
  moroccan: "MA",
  marocain: "MA",
  marocaine: "MA",
  marroqui: "MA",
};

let byName: Map<string, CountryCode> | null = null;

function names(): Map<string, CountryCode> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  for (const language of ["en", "fr", "es"]) {
    const display = new Intl.DisplayNames([language], { type: "region" });
    for (const country of getCountries()) {
      const name = display.of(country);
      if (name && name !== country && !byName.has(normalize(name))) byName.set(normalize(name), country);
    }
  }
  return byName;
}

// The country a calling code belongs to first, as the numbering plan lists it ("+1" → US, "+44" → GB).
const MAIN_COUNTRY = (metadata as { country_calling_codes: Record<string, string[]> }).country_calling_codes;

/**
 * The country a caller named: its name in English, French or Spanish, a common short name or adjective ("UK", "the
 * States", "anglais", "inglés"), its ISO code ("GB"), or its calling code ("+44", "0044", "44"). Null when it names none.
 */
export function readCountry(raw: unknown): CountryCode | null {
  if (typeof raw !== "string" && typeof raw !== "number") return null;
  const said = normalize(String(raw).slice(0, 60));
  if (!said) return null;
  const code = /^(?:\+|00)?\s*(\d{1,3})$/.exec(said);
  if (code) {
    const country = MAIN_COUNTRY[code[1]!]?.[0];
    return country && country !== "001" ? (country as CountryCode) : null;
  }
  if (/^[a-z]{2}$/.test(said)) {
    const iso = said.toUpperCase();
    if (getCountries().includes(iso as CountryCode)) return iso as CountryCode;
  }
  return names().get(said) ?? names().get(said.replace(/^(?:a|an|un|une|una) /, "")) ?? null;
}

/** The calling code of a country, "+44". */
export function callingCodeOf(country: CountryCode): string {
  return `+${getCountryCallingCode(country)}`;
}
