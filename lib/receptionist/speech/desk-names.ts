// A name the owner typed for someone callers are put through to, as it is said in a sentence of the business's
// language. A person ("Dr Patel", "Marie") is said as typed; a desk or a service is a common noun and takes the article
// its language needs:
//   en  "the front desk isn't answering"   "I'm putting you through to the front desk"     ("to reception", "to billing")
//   fr  "l'accueil ne répond pas"          "je vous transfère à l'accueil", "au secrétariat", "à la comptabilité"
//   es  "recepción no contesta"            "le paso con recepción", "con el equipo", "con el Dr. Patel"
// Only the words below are known. A name they do not describe is said as typed: right for a person, and for a desk at
// worst plainer than a receptionist would say it. Owners type names in the business's language, which is the call's.
import { titleOf } from "@/lib/platform/format/person-name";
import type { CallLanguage } from "@/lib/accounts/business/business";

export type SpokenName = {
  /** As the subject or object of a sentence: "the front desk", "l'accueil", "recepción", "le Dr Martin", "Marie". */
  name: string;
  /** After the language's "put through", its preposition included: "to the front desk", "au secrétariat", "con recepción". */
  to: string;
};

type Gender = "m" | "f";

/** "Front desk" → ["front", "desk"], compared without case (and in French without accents: "Secretariat" is typed too). */
const words = (s: string) => s.trim().split(/\s+/);
const plain = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
/** A common noun in running text: "Accueil" → "accueil"; an acronym stays as typed ("IT", "SAV"). */
const common = (word: string) => (word.length > 1 && word === word.toUpperCase() ? word : word.toLowerCase());
/** The first word's letters: "Dr." → "dr", "Accueil-Standard" → "accueil". */
const head = (name: string) => /^[\p{L}]*/u.exec(words(name)[0]!.toLowerCase())![0];
const lowerFirstWord = (name: string) => {
  const [first = "", ...rest] = words(name);
  return [common(first), ...rest].join(" ");
};

// English -------------------------------------------------------------------------------------------------------------
// Departments English names bare, like a place: "put you through to reception", "billing isn't answering".
const EN_BARE = new Set([
  "reception",
  "billing",
  "accounts",
  "accounting",
  "admin",
  "administration",
  "sales",
  "support",
  "customer service",
  "customer support",
  "customer care",
  "bookings",
  "reservations",
  "appointments",
  "scheduling",
  "triage",
  "dispatch",
  "payroll",
  "hr",
  "it",
  "maintenance",
  "housekeeping",
  "room service",
]);
// Nouns a desk's name ends with, said with "the": "the front desk", "the billing office", "the on-call nurse".
const EN_HEADS = new Set([
  "desk",
  "office",
  "department",
  "team",
  "line",
  "station",
  "switchboard",
  "nurse",
  "doctor",
  "vet",
  "dentist",
  "hygienist",
  "physio",
  "therapist",
  "pharmacist",
  "pharmacy",
  "lab",
  "laboratory",
  "manager",
  "owner",
  "assistant",
  "secretary",
  "receptionist",
  "mobile",
  "phone",
  "cell",
  "workshop",
  "kitchen",
  "shop",
  "store",
  "salon",
]);
// Words that may come before one of them: "front desk", "nurses' station", "doctor's mobile". A name with any other word
// before its last ("Dr Patel's assistant", "Paris office") is a person's or a place's, said as typed.
const EN_BEFORE = new Set([
  "front",
  "main",
  "back",
  "reception",
  "billing",
  "accounts",
  "admin",
  "sales",
  "support",
  "service",
  "help",
  "customer",
  "booking",
  "bookings",
  "appointments",
  "emergency",
  "emergencies",
  "enquiries",
  "practice",
  "office",
  "head",
  "duty",
  "on-call",
  "out-of-hours",
  "after-hours",
  "night",
  "weekend",
  "direct",
  "general",
  "medical",
  "dental",
  "nurses'",
  "nurse's",
  "doctor's",
  "vet's",
  "dentist's",
  "manager's",
  "owner's",
  "nurse",
  "doctor",
  "vet",
  "practice's",
]);

function english(typed: string): SpokenName {
  const w = words(typed).map((x) => x.toLowerCase().replace(/’/g, "'"));
  const key = w.join(" ");
  const last = w.at(-1) ?? "";
  let name = typed;
  if (EN_BARE.has(key)) name = words(typed).map(common).join(" ");
  else if (w[0] === "the") name = lowerFirstWord(typed);
  else if (EN_HEADS.has(last) && w.slice(0, -1).every((x) => EN_BEFORE.has(x) || EN_HEADS.has(x))) {
    name = `the ${words(typed).map(common).join(" ")}`;
  }
  return { name, to: `to ${name}` };
}

// French --------------------------------------------------------------------------------------------------------------
// The first word of a desk's name, with its gender: "le secrétariat médical", "la comptabilité", "le portable du Dr
// Martin". One starting with a vowel elides: "l'accueil", "à l'accueil", "l'infirmière". Where a word is both ("une
// secrétaire", "un secrétaire"), the more usual in a practice is taken.
const FR_NOUNS: Record<string, Gender> = {
  accueil: "m",
  secretariat: "m",
  standard: "m",
  cabinet: "m",
  bureau: "m",
  service: "m",
  poste: "m",
  guichet: "m",
  comptoir: "m",
  planning: "m",
  atelier: "m",
  magasin: "m",
  salon: "m",
  laboratoire: "m",
  labo: "m",
  portable: "m",
  telephone: "m",
  medecin: "m",
  veterinaire: "m",
  dentiste: "m",
  kine: "m",
  infirmier: "m",
  assistant: "m",
  gerant: "m",
  directeur: "m",
  comptable: "m",
  comptabilite: "f",
  facturation: "f",
  reception: "f",
  administration: "f",
  direction: "f",
  infirmerie: "f",
  infirmiere: "f",
  pharmacie: "f",
  equipe: "f",
  permanence: "f",
  ligne: "f",
  boutique: "f",
  caisse: "f",
  conciergerie: "f",
  maintenance: "f",
  secretaire: "f",
  assistante: "f",
  gerante: "f",
  directrice: "f",
};
// Desks French names in the plural.
const FR_PLURALS = new Set(["urgences", "consultations", "admissions", "soins", "ressources", "archives"]);

/** "le"/"la" before a word, elided before a vowel; with "à", "le" contracts: "au secrétariat", but "à l'accueil". */
function frenchArticle(gender: Gender, next: string): { name: string; to: string } {
  if (/^[aeiouy]/.test(plain(next))) return { name: "l'", to: "à l'" };
  return gender === "m" ? { name: "le ", to: "au " } : { name: "la ", to: "à la " };
}

function french(typed: string): SpokenName {
  const t = typed.trim();
  // Typed with its article: kept, and contracted after "à".
  const article = /^(?:(le|la|les)\s+|(l)['’]\s*)/i.exec(t);
  if (article) {
    const rest = t.slice(article[0].length);
    const which = (article[1] ?? article[2])!.toLowerCase();
    if (which === "l") return { name: `l'${rest}`, to: `à l'${rest}` };
    if (which === "les") return { name: `les ${rest}`, to: `aux ${rest}` };
    return which === "le" ? { name: `le ${rest}`, to: `au ${rest}` } : { name: `la ${rest}`, to: `à la ${rest}` };
  }
  const key = plain(head(t));
  // Desks named in the plural: "les urgences", "aux urgences".
  if (FR_PLURALS.has(key)) {
    const said = lowerFirstWord(t);
    return { name: `les ${said}`, to: `aux ${said}` };
  }
  const title = titleOf(t, "fr");
  if (title) {
    const a = frenchArticle(title, key);
    return { name: a.name + t, to: a.to + t };
  }
  const noun = FR_NOUNS[key];
  if (noun) {
    const said = lowerFirstWord(t);
    const a = frenchArticle(noun, said);
    return { name: a.name + said, to: a.to + said };
  }
  return { name: t, to: `à ${t}` };
}

// Spanish -------------------------------------------------------------------------------------------------------------
// Departments Spanish names bare, like a place, after "con" and as a subject: "le paso con recepción", "administración
// no contesta". Only the name alone: with more words it takes its article ("con la recepción del hotel").
// Compared with their accents: "secretaría" is the office, "secretaria" the person ("con la secretaria").
const ES_BARE = new Set([
  "recepción",
  "recepcion",
  "administración",
  "administracion",
  "enfermería",
  "enfermeria",
  "contabilidad",
  "facturación",
  "facturacion",
  "secretaría",
  "dirección",
  "direccion",
  "admisión",
  "admision",
  "admisiones",
  "urgencias",
  "farmacia",
  "laboratorio",
  "citaciones",
  "atención al cliente",
  "atencion al cliente",
]);
// The first word of a desk's name, with its gender: "el equipo", "la consulta del Dr. Patel", "el móvil de la doctora".
const ES_NOUNS: Record<string, Gender> = {
  equipo: "m",
  mostrador: "m",
  despacho: "m",
  departamento: "m",
  servicio: "m",
  móvil: "m",
  movil: "m",
  teléfono: "m",
  telefono: "m",
  médico: "m",
  medico: "m",
  veterinario: "m",
  enfermero: "m",
  encargado: "m",
  director: "m",
  taller: "m",
  laboratorio: "m",
  gabinete: "m",
  oficina: "f",
  centralita: "f",
  consulta: "f",
  enfermera: "f",
  veterinaria: "f",
  secretaria: "f",
  encargada: "f",
  directora: "f",
  línea: "f",
  linea: "f",
  tienda: "f",
  caja: "f",
  unidad: "f",
  recepción: "f",
  recepcion: "f",
  administración: "f",
  administracion: "f",
  enfermería: "f",
  enfermeria: "f",
  contabilidad: "f",
  facturación: "f",
  facturacion: "f",
  secretaría: "f",
  dirección: "f",
  direccion: "f",
  admisión: "f",
  admision: "f",
  farmacia: "f",
  atención: "f",
  atencion: "f",
};

function spanish(typed: string): SpokenName {
  const t = typed.trim();
  const w = words(t).map((x) => x.toLowerCase());
  if (/^(el|la|los|las)$/.test(w[0] ?? "")) {
    const said = lowerFirstWord(t);
    return { name: said, to: `con ${said}` };
  }
  if (ES_BARE.has(w.join(" "))) {
    const said = words(t).map(common).join(" ");
    return { name: said, to: `con ${said}` };
  }
  const first = head(t);
  const title = titleOf(t, "es");
  if (title) {
    const name = `${title === "m" ? "el" : "la"} ${t}`;
    return { name, to: `con ${name}` };
  }
  const noun = ES_NOUNS[first];
  if (noun) {
    const name = `${noun === "m" ? "el" : "la"} ${lowerFirstWord(t)}`;
    return { name, to: `con ${name}` };
  }
  return { name: t, to: `con ${t}` };
}

/** How `typed`, the name of someone callers are put through to, is said in `language`. */
export function spokenName(typed: string, language: CallLanguage): SpokenName {
  if (language === "fr") return french(typed);
  if (language === "es") return spanish(typed);
  return english(typed);
}
