// The business's own words: who its callers are (patients, guests, clients), which rules of a trade apply (no medical
// advice at a practice, no legal advice at a law firm), what an emergency sounds like there, and the kinds of request
// the receptionist files for it. A hair salon's callers never hear of "patients" or "prescription renewals".
import { REQUEST_CATEGORIES, type RequestCategory } from "@/db/schema";
import { titleOf } from "@/lib/platform/format/person-name";

/** "general": the owner did not say what the business is; nothing is assumed, every request category is offered. */
export type BusinessKind = "health" | "hospitality" | "professional" | "retail" | "services" | "general";

const KIND_OF_TYPE: Record<string, BusinessKind> = {
  medical: "health",
  dental: "health",
  restaurant: "hospitality",
  hotel: "hospitality",
  legal: "professional",
  accounting: "professional",
  consultancy: "professional",
  real_estate: "professional",
  retail: "retail",
};

/** The requests each kind of business gets; "callback" and "other" fit all, "billing" almost all. */
const CATEGORIES: Record<BusinessKind, readonly RequestCategory[]> = {
  health: ["prescription", "certificate", "results", "billing", "callback", "other"],
  hospitality: ["order", "event", "billing", "callback", "other"],
  professional: ["documents", "quote", "billing", "callback", "other"],
  retail: ["order", "quote", "billing", "callback", "other"],
  services: ["quote", "billing", "callback", "other"],
  general: REQUEST_CATEGORIES,
};

export type BusinessWords = {
  kind: BusinessKind;
  /** How callers are spoken of: "patients", "guests", "students" or "clients" (a key of Receptionist.audience). */
  audience: "patients" | "guests" | "students" | "clients";
  /** The advice the receptionist must never give: its trade's, or medical, legal and financial advice alike. */
  advice: "medical" | "legal" | "financial" | "general";
  categories: readonly RequestCategory[];
};

export function wordsFor(b: { businessType: string | null }): BusinessWords {
  const kind = b.businessType ? (KIND_OF_TYPE[b.businessType] ?? "services") : "general";
  const audience =
    kind === "health" ? "patients" : kind === "hospitality" ? "guests" : b.businessType === "education" ? "students" : "clients";
  const advice =
    kind === "health" ? "medical" : b.businessType === "legal" ? "legal" : b.businessType === "accounting" ? "financial" : "general";
  return { kind, audience, advice, categories: CATEGORIES[kind] };
}

/**
 * The trade whose warning signs the receptionist listens for: each has its own emergencies and, when a caller says
 * "it's urgent", its own question to ask before offering the earliest time (a physio asks about bladder control and
 * numbness with back pain, a dentist about swelling towards the eye or throat, a vet about a dog's swollen belly).
 * Read from what the owner said the business is, and for the trades the business types do not name (physiotherapy,
 * veterinary care) from its name and services.
 */
export type Trade = "dental" | "physio" | "vet" | "health" | "general";

const VET = /v[ée]t[ée]rin|veterin|\bv[ée]to\b|\bvet\b|\bvets\b|animal/i;
const PHYSIO = /physio|kin[ée]|fisio|ost[ée]o|chiropra|quiropr|rehab|r[ée][ée]ducation|rehabilitaci/i;

export function tradeOf(b: { businessType: string | null; specialty?: string | null; businessName?: string; services?: string[] }): Trade {
  const words = [b.businessName ?? "", ...(b.services ?? [])].join(" ");
  if (VET.test(words)) return "vet";
  if (b.businessType === "dental" || b.specialty === "dentistry") return "dental";
  if (PHYSIO.test(words) || b.specialty === "orthopedics") return "physio";
  return wordsFor(b).kind === "health" ? "health" : "general";
}

/** A category the model chose, if it is one of this business's; else "other": a request is never lost over a word. */
export function categoryFor(words: BusinessWords, value: string | null | undefined): RequestCategory {
  const v = (value ?? "") as RequestCategory;
  return (REQUEST_CATEGORIES as readonly string[]).includes(v) && words.categories.includes(v) ? v : "other";
}

// A business's name after "of", as each language says it: French and Spanish put the article of the name's first word
// before it ("l'assistant virtuel du Cabinet Martin", "de la Clínica Sol", "de l'Atelier Rose"); a name that is a
// person's or a brand's takes none ("de Marie Coiffure"). The words are the ones small businesses' names start with.
const FR_MASCULINE =
  /^(cabinet|centre|salon|restaurant|garage|studio|laboratoire|groupe|bureau|magasin|spa|bar|café|bistrot|club|service|collège|lycée|domaine|château|comptoir|pressing)(?=[\s-]|$)/i;
const FR_FEMININE =
  /^(clinique|pharmacie|maison|boutique|société|brasserie|boulangerie|pâtisserie|résidence|fondation|librairie|galerie|crèche|permanence|polyclinique|fromagerie|ferme)(?=[\s-]|$)/i;
const FR_ELIDED = /^(atelier|institut|hôtel|hotel|espace|agence|école|étude|auberge|office|auto-école|académie)(?=[\s-]|$)/i;
const ES_MASCULINE =
  /^(consultorio|centro|despacho|restaurante|hotel|gimnasio|bufete|estudio|taller|salón|salon|hostal|bar|spa|grupo|instituto|laboratorio|colegio)(?=[\s-]|$)/i;
const ES_FEMININE =
  /^(clínica|clinica|peluquería|peluqueria|farmacia|academia|asesoría|asesoria|inmobiliaria|tienda|consulta|gestoría|gestoria|residencia|escuela|óptica|optica|agencia|panadería|panaderia|pastelería|pasteleria|barbería|barberia)(?=[\s-]|$)/i;

/** "of Smith Family Practice" / "du Cabinet Martin" / "de la Clínica Sol": the business's name after "the assistant". */
export function ofBusiness(name: string, language: "en" | "fr" | "es"): string {
  return withPreposition(name, language, "of");
}

/** "to Smith Family Practice" / "au Cabinet Martin" / "à la Clinique du Lac" / "a la Clínica Sol": passed on to the business. */
export function toBusiness(name: string, language: "en" | "fr" | "es"): string {
  return withPreposition(name, language, "to");
}

/**
 * The business's name after "of" or "to", with the article its first word takes: French contracts "de le" to "du" and
 * "à le" to "au", Spanish "de el" to "del" and "a el" to "al".
 */
function withPreposition(name: string, language: "en" | "fr" | "es", which: "of" | "to"): string {
  const n = name.trim();
  if (language === "en") return `${which} ${n}`;
  const to = which === "to";
  if (language === "fr") {
    const [de, du, des, delA] = to ? ["à", "au", "aux", "à la"] : ["de", "du", "des", "de la"];
    // A practice named after its doctor: "au Dr Martin", "du Dr Martin", "à la Dre Roux".
    const title = titleOf(n, "fr");
    if (title) return `${title === "m" ? du : delA} ${n}`;
    const article = /^(?:(le|la|les)\s+|(l)['’])/i.exec(n);
    const art = (article?.[1] ?? article?.[2])?.toLowerCase();
    if (art === "le") return `${du} ${n.slice(article![0].length)}`;
    if (art === "les") return `${des} ${n.slice(article![0].length)}`;
    if (art === "la" || art === "l") return `${de} ${n.charAt(0).toLowerCase()}${n.slice(1)}`;
    if (FR_ELIDED.test(n)) return `${de} l'${n}`;
    if (FR_MASCULINE.test(n)) return `${du} ${n}`;
    if (FR_FEMININE.test(n)) return `${delA} ${n}`;
    return `${de} ${n}`;
  }
  const [de, del] = to ? ["a", "al"] : ["de", "del"];
  const title = titleOf(n, "es");
  if (title) return title === "m" ? `${del} ${n}` : `${de} la ${n}`;
  if (/^el\s+/i.test(n)) return `${del} ${n.replace(/^el\s+/i, "")}`;
  if (/^(la|los|las)\s+/i.test(n)) return `${de} ${n.charAt(0).toLowerCase()}${n.slice(1)}`;
  if (ES_MASCULINE.test(n)) return `${del} ${n}`;
  if (ES_FEMININE.test(n)) return `${de} la ${n}`;
  return `${de} ${n}`;
}
