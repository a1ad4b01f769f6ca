// Which days are the public holidays of an area ("FR", "ES-MD", "GB-SCT": lib/scheduling/closures/holiday-area.ts), each
// named in a language the way a caller there would hear it: from date-holidays (kept up to date by its maintainers),
// with the few names it gets wrong for a caller put right here. Pure.
import Holidays from "date-holidays";
import type { Locale } from "@/lib/platform/i18n/routing";
import { addDays } from "@/lib/platform/time/zoned-time";
import { holidayAreaOf, splitArea, type AreaSource } from "./holiday-area";

/** A public holiday: its first and last local day (the same day but for the rare holiday of several) and its name. */
export type PublicHoliday = { from: string; to: string; name: string };

/**
 * In the United States "public" holidays are the federal ones (and a state's own for its offices), most of which a
 * private business works through: a practice is closed on New Year's Day, Memorial Day, Independence Day, Labor Day,
 * Thanksgiving and Christmas (and on the weekday each is observed on), not on Columbus Day or a state's Confederate
 * Heroes Day. Those six are kept, by date-holidays' rule (which names none of them in a language).
 */
const US_CLOSED_RULES = [
  /^01-01\b/,
  /^monday before 06-01\b/,
  /^07-04\b/,
  /^1st monday in September\b/,
  /^4th thursday in November\b/,
  /^12-25\b/,
];

/**
 * Names date-holidays gives that a caller would not say: a wrong holiday, a missing accent, the Spanish name of a day
 * Catalonia calls by its own, the British spelling in the United States. Matched on the name's start (a substitute day
 * keeps its suffix); `area` is a country or a country and region ("ES-CT"), "" for every area.
 */
const RENAMED: { area: string; language: Locale; from: string; to: string }[] = [
  // Ascension Thursday is named "La Asunción", the name of 15 August (the Assumption).
  { area: "", language: "es", from: "La Asunción", to: "Ascensión" },
  { area: "", language: "es", from: "La inmaculada concepción", to: "Inmaculada Concepción" },
  { area: "ES-CT", language: "es", from: "San Esteban", to: "Sant Esteve" },
  { area: "ES-CT", language: "es", from: "San Juan", to: "Sant Joan" },
  { area: "ES-CT", language: "es", from: "Dia de Cataluña", to: "Diada de Catalunya" },
  { area: "FR", language: "fr", from: "Fête Nationale de la France", to: "Fête nationale" },
  { area: "US", language: "en", from: "Labour Day", to: "Labor Day" },
  { area: "GB-SCT", language: "en", from: "January 2nd", to: "2nd January" },
];

/** In the United States a holiday that falls on a weekend is "observed" on the nearest weekday. */
const SUFFIXES: { area: string; language: Locale; from: string; to: string }[] = [
  { area: "US", language: "en", from: " (substitute day)", to: " (observed)" },
];

const inArea = (rule: string, area: string) => rule === "" || area === rule || area.startsWith(`${rule}-`);

function callerName(name: string, area: string, language: Locale): string {
  let said = name;
  for (const r of RENAMED)
    if (r.language === language && inArea(r.area, area) && said.startsWith(r.from)) said = r.to + said.slice(r.from.length);
  for (const r of SUFFIXES)
    if (r.language === language && inArea(r.area, area) && said.endsWith(r.from)) said = said.slice(0, -r.from.length) + r.to;
  return said;
}

const calendars = new Map<string, Holidays | null>();

/** date-holidays' calendar of an area, made once; null for a country it does not know. */
function calendarOf(area: string): Holidays | null {
  if (!calendars.has(area)) {
    const { country, region } = splitArea(area);
    const h = new Holidays();
    const known = !!h.getCountries()[country];
    if (known) h.init(country, region ?? undefined);
    calendars.set(area, known ? h : null);
  }
  return calendars.get(area)!;
}

// A year's holidays of an area in a language, computed once: the sweep reads the same few areas for every business, and
// the receptionist reads one each time it says a holiday. Bounded: emptied when it grows past what a server meets.
const years = new Map<string, ReturnType<Holidays["getHolidays"]>>();
const YEARS_KEPT = 2_000;
function yearOf(calendar: Holidays, area: string, year: number, language: Locale): ReturnType<Holidays["getHolidays"]> {
  const key = `${area}|${year}|${language}`;
  let list = years.get(key);
  if (!list) {
    if (years.size >= YEARS_KEPT) years.clear();
    list = calendar.getHolidays(year, language) || [];
    years.set(key, list);
  }
  return list;
}

/**
 * The public holidays of `area` whose first day is in [from, to] (local dates), earliest first, named in `language`.
 * One per day: a day that is two holidays at once (a holiday and its substitute) keeps the first.
 */
export function publicHolidays(area: string, language: Locale, from: string, to: string): PublicHoliday[] {
  const calendar = calendarOf(area);
  if (!calendar || to < from) return [];
  const country = splitArea(area).country;
  const days = new Map<string, PublicHoliday>();
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)); year++) {
    for (const h of yearOf(calendar, area, year, language)) {
      if (h.type !== "public") continue;
      if (country === "US" && !US_CLOSED_RULES.some((r) => r.test(h.rule ?? ""))) continue;
      const first = h.date.slice(0, 10);
      if (first < from || first > to || days.has(first)) continue;
      // A holiday of several days (rare) closes them all: its length from its own start and end, whatever the zone.
      const length = Math.max(1, Math.round((h.end.getTime() - h.start.getTime()) / 86_400_000));
      days.set(first, { from: first, to: addDays(first, length - 1), name: callerName(h.name, area, language).slice(0, 120) });
    }
  }
  return [...days.values()].sort((a, b) => a.from.localeCompare(b.from));
}

/** The public holiday of `area` on `day`, or null. */
export function publicHolidayOn(area: string, language: Locale, day: string): PublicHoliday | null {
  return publicHolidays(area, language, day, day)[0] ?? null;
}

/**
 * The article a holiday's name takes after "pour" / "por" / "for", by its first word: "la Toussaint", "le lundi de
 * Pâques", "l'Ascension", "el Día del Trabajador", "la Asunción", "the Spring bank holiday"; none for "Noël", "Navidad",
 * "Viernes Santo", "Christmas Day", or a name it does not know (a foreign one, said as it is).
 */
const ARTICLES: Record<Locale, Record<string, string>> = {
  fr: {
    fête: "la ", toussaint: "la ", pentecôte: "la ", journée: "la ", ascension: "l'", assomption: "l'", armistice: "l'",
    épiphanie: "l'", immaculée: "l'", abolition: "l'", action: "l'", nouvel: "le ", lendemain: "le ", jour: "le ",
    lundi: "le ", jeudi: "le ", vendredi: "le ",
  },
  es: {
    día: "el ", fiesta: "la ", lunes: "el ", asunción: "la ", ascensión: "la ", inmaculada: "la ", diada: "la ",
    recordación: "la ", natalicio: "el ", descubrimiento: "el ", jornada: "la ", epifanía: "la ",
  },
  en: {},
}; // prettier-ignore
/** First words that are common nouns once the article is before them ("le lundi de Pâques", "le lendemain de Noël"). */
const COMMON_FIRST = /^(lundi|jeudi|vendredi|lendemain) /i;

/** A holiday's name as it is said after "for" in `language`: with its article ("la Toussaint"), or as it is. */
export function holidayInSentence(name: string, language: Locale): string {
  if (language === "en") return /\bbank holiday\b/i.test(name) ? `the ${name}` : name;
  if (/^(l'|l’|la |le |les |el |los |las )/i.test(name)) return name;
  const article = ARTICLES[language][name.split(/[\s-]/)[0]!.toLowerCase()];
  if (!article) return name;
  return article + (COMMON_FIRST.test(name) ? name[0]!.toLowerCase() + name.slice(1) : name);
}

/**
 * What the receptionist says a holiday closure is for, in the call's language ("Christmas Day", "Noël", "la Toussaint"):
 * the holiday's name there for the business's area, else the closure's reason as it was filled. Null without either.
 */
export function spokenHoliday(biz: AreaSource, closure: { from: string; reason: string | null }, language: Locale): string | null {
  const name = publicHolidayOn(holidayAreaOf(biz), language, closure.from)?.name ?? closure.reason;
  return name ? holidayInSentence(name, language) : null;
}
