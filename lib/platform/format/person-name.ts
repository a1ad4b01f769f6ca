// A person's name as a French or Spanish sentence says it: a title takes its article ("le Dr Roux ne travaille pas le
// mercredi", "avec la Dre Martin", "con el Dr. Patel", "la Dra. Ruiz no contesta"); a name without one, and English,
// as typed. Shared by what the receptionist says and what the texts write.
type Gender = "m" | "f";

// Titles French says with an article: "le Dr Martin", "au Pr Roux", "à la Dre Roux". Others ("Maître Dupont",
// "Madame Roux") take none.
const FR_TITLES: Record<string, Gender> = {
  dr: "m",
  docteur: "m",
  pr: "m",
  professeur: "m",
  dre: "f",
  docteure: "f",
  pre: "f",
  professeure: "f",
};
// Titles Spanish says with an article: "con el Dr. Patel", "la Dra. Ruiz no contesta".
const ES_TITLES: Record<string, Gender> = {
  dr: "m",
  doctor: "m",
  sr: "m",
  señor: "m",
  dra: "f",
  doctora: "f",
  sra: "f",
  señora: "f",
  srta: "f",
  señorita: "f",
};

/**
 * The title a name starts with ("Dr.", "Docteure", "Dra") and its gender, in French or Spanish; null for none. Matched
 * with its accents: "Pré Vert" is a meadow, not a "Pre" (professeure).
 */
export function titleOf(name: string, language: "en" | "fr" | "es"): Gender | null {
  const first = /^[\p{L}]*/u.exec(name.trim().toLowerCase())![0];
  if (language === "fr") return FR_TITLES[first] ?? null;
  if (language === "es") return ES_TITLES[first] ?? null;
  return null;
}

// Courtesy titles and honorifics a name may start with, in the three languages: never a first name.
const COURTESY =
  /^(dr|dre|dra|docteur|docteure|doctor|doctora|pr|pre|professeur|professeure|m|mme|mlle|mr|mrs|ms|miss|sr|sra|srta|señor|señora|señorita|don|doña|monsieur|madame|mademoiselle)\.?$/i;

/**
 * The first names a text calls two people by, where a locked screen should show no more: "Léa" and "Sophie" of "Léa
 * Martin" and "Sophie Martin". A courtesy title is passed over ("Mme Martin" is "Martin"); two people of one first name
 * ("María José" and "María Luisa") keep their whole names, or the text could not tell them apart.
 */
export function firstNames(patient: string, caller?: string | null): { patient: string; caller: string | null } {
  const first = (name: string) => {
    const words = name.trim().split(/\s+/).filter(Boolean);
    const rest = words.filter((w, i) => !(i === 0 && COURTESY.test(w) && words.length > 1));
    return rest[0] ?? "";
  };
  const p = first(patient);
  const c = caller?.trim() ? first(caller) : null;
  if (c !== null && p.toLowerCase() === c.toLowerCase()) return { patient: patient.trim(), caller: caller!.trim() };
  return { patient: p, caller: c };
}

/** The name with the article its title takes: "le Dr Camille Roux", "la Dra. Marta Ruiz"; as typed otherwise. */
export function personName(name: string, language: "en" | "fr" | "es"): string {
  const t = name.trim();
  const title = titleOf(t, language);
  if (!title) return t;
  if (language === "es") return `${title === "m" ? "el" : "la"} ${t}`;
  return `${title === "m" ? "le" : "la"} ${t}`;
}
