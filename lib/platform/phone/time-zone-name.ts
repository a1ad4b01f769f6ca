// A time zone as a person names it, in the page's language, never its IANA id: "hora de España (Madrid)",
// "heure : Mexico", "Mexico City Time". Browsers and Node name a zone by its place ("shortGeneric") where the locale
// has no abbreviation for it, and by an abbreviation ("CET", "CST") elsewhere; there the zone's country says it
// instead, and a country of several zones adds the city. Pure: the pickers and the pages share it, client and server.
import { formatCountry, intlLocale } from "@/lib/platform/format/intl";
import { TIME_ZONES_BY_COUNTRY } from "./time-zone-countries";

/** "{country} time" in the page's language ("hora de España"): the message `TimeZoneField.countryTime`. */
export type CountryTime = (country: string) => string;

let byZone: Map<string, { country: string; zones: number }> | null = null;
function countryOf(zone: string): { country: string; zones: number } | null {
  if (!byZone) {
    byZone = new Map();
    for (const [country, list] of Object.entries(TIME_ZONES_BY_COUNTRY)) {
      const zones = list.split(" ");
      for (const z of zones) byZone.set(z, { country, zones: zones.length });
    }
  }
  return byZone.get(zone) ?? null;
}

function zoneNamePart(zone: string, locale: string, style: "shortGeneric" | "longGeneric" | "long"): string | null {
  try {
    return (
      new Intl.DateTimeFormat(intlLocale(locale), { timeZone: zone, timeZoneName: style })
        .formatToParts(new Date())
        .find((p) => p.type === "timeZoneName")?.value ?? null
    );
  } catch {
    return null;
  }
}

// "CET", "GMT+1", "UTC−6": an abbreviation or an offset, not a place.
const NOT_A_PLACE = /^(GMT|UTC)|^[A-Z]{2,5}$/;

/** The zone's city as its id writes it: "America/Argentina/Buenos_Aires" → "Buenos Aires". */
export function zoneCity(zone: string): string {
  return zone.split("/").at(-1)!.replace(/_/g, " ");
}

/** The place a zone is named by in `locale`: "hora de Ciudad de México", "hora de España (Madrid)", "Spain Time". */
export function timeZoneName(zone: string, locale: string, countryTime: CountryTime): string {
  const place = zoneNamePart(zone, locale, "shortGeneric");
  if (place && !NOT_A_PLACE.test(place)) return place;
  const found = countryOf(zone);
  if (found) {
    const named = countryTime(formatCountry(found.country, locale));
    return found.zones > 1 ? `${named} (${zoneCity(zone)})` : named;
  }
  // A zone of no country ("UTC", "Etc/GMT+2"): its own name ("Coordinated Universal Time"), else its offset.
  const wide = zoneNamePart(zone, locale, "longGeneric");
  if (wide && !NOT_A_PLACE.test(wide)) return wide;
  return zoneNamePart(zone, locale, "long") ?? zoneCity(zone);
}

/** A picker's line: the place, then the zone's wider name when it says more ("hora de España (Madrid) · hora de Europa central"). */
export function timeZoneOption(zone: string, locale: string, countryTime: CountryTime): string {
  const place = timeZoneName(zone, locale, countryTime);
  const wide = zoneNamePart(zone, locale, "longGeneric");
  return wide && !NOT_A_PLACE.test(wide) && !place.includes(wide) ? `${place} · ${wide}` : place;
}
