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

/** The title a name starts with ("Dr.", "Docteure", "Dra") and its gender, in French or Spanish; null for none. */
export function titleOf(name: string, language: "en" | "fr" | "es"): Gender | null {
  const first = /^[\p{L}]*/u.exec(name.trim().toLowerCase())![0];
  if (language === "fr") return FR_TITLES[first.normalize("NFD").replace(/\p{M}/gu, "")] ?? null;
  if (language === "es") return ES_TITLES[first] ?? null;
  return null;
}

/** The name with the article its title takes: "le Dr Camille Roux", "la Dra. Marta Ruiz"; as typed otherwise. */
export function personName(name: string, language: "en" | "fr" | "es"): string {
  const t = name.trim();
  const title = titleOf(t, language);
  if (!title) return t;
  if (language === "es") return `${title === "m" ? "el" : "la"} ${t}`;
  return `${title === "m" ? "le" : "la"} ${t}`;
}
