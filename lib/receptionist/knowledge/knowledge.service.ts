// The owner's knowledge: questions and answers, prices per service and policies, per language, which the receptionist
// answers from and nothing else. A small set goes whole into the assistant's instructions; a larger one is searched
// during the call (lookup_info) with the full-text search of the call's language, any word matching, best first.
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { knowledgeEntries } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { translate } from "@/lib/platform/i18n/translate";
import type { KnowledgeEntry } from "./knowledge.responses";
import { MAX_ENTRIES, type KnowledgeInput, type KnowledgeUpdate } from "./knowledge.schemas";

type Language = "en" | "fr" | "es";

/** Up to this many entries, and this many characters in all, the whole set goes into the assistant's instructions. */
export const PROMPT_MAX_ENTRIES = 25;
export const PROMPT_MAX_CHARS = 4000;
/** What one search hands the model: the best few entries. */
export const LOOKUP_RESULTS = 4;

const CONFIG: Record<Language, string> = { en: "english", fr: "french", es: "spanish" };

const columns = {
  id: knowledgeEntries.id,
  kind: knowledgeEntries.kind,
  language: knowledgeEntries.language,
  title: knowledgeEntries.title,
  details: knowledgeEntries.details,
  updatedAt: knowledgeEntries.updatedAt,
};
type Row = { id: string; kind: KnowledgeEntry["kind"]; language: Language; title: string; details: string; updatedAt: Date };
const view = (r: Row): KnowledgeEntry => ({ ...r, updatedAt: r.updatedAt.toISOString() });

export async function listKnowledge(db: Db, userId: string): Promise<KnowledgeEntry[]> {
  const rows = await db
    .select(columns)
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.userId, userId))
    .orderBy(asc(knowledgeEntries.language), asc(knowledgeEntries.kind), asc(knowledgeEntries.title));
  return rows.map(view);
}

export async function createKnowledge(db: Db, userId: string, input: KnowledgeInput): Promise<KnowledgeEntry> {
  return db.transaction(async (tx) => {
    // Counted under a lock on the owner's row: two tabs adding at once cannot pass the limit together.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [{ n }] = (await tx.select({ n: count() }).from(knowledgeEntries).where(eq(knowledgeEntries.userId, userId))) as [{ n: number }];
    if (n >= MAX_ENTRIES) throw new AppError("conflict", "knowledgeFull", { max: MAX_ENTRIES });
    const [row] = await tx
      .insert(knowledgeEntries)
      .values({ userId, ...input })
      .returning(columns);
    return view(row!);
  });
}

export async function updateKnowledge(
  db: Db,
  userId: string,
  id: string,
  input: KnowledgeUpdate,
  now = new Date(),
): Promise<KnowledgeEntry> {
  const [row] = await db
    .update(knowledgeEntries)
    .set({ ...input, updatedAt: now })
    .where(and(eq(knowledgeEntries.id, id), eq(knowledgeEntries.userId, userId)))
    .returning(columns);
  if (!row) throw new AppError("not_found", "knowledgeNotFound");
  return view(row);
}

export async function deleteKnowledge(db: Db, userId: string, id: string): Promise<void> {
  const [row] = await db
    .delete(knowledgeEntries)
    .where(and(eq(knowledgeEntries.id, id), eq(knowledgeEntries.userId, userId)))
    .returning({ id: knowledgeEntries.id });
  if (!row) throw new AppError("not_found", "knowledgeNotFound");
}

/**
 * What a call in `language` knows: the entries written for that language (all of them when the owner wrote none in
 * it: the model says them in the caller's language), whole when they fit in the instructions, else only their count
 * and the search tool.
 */
export type CallKnowledge = { mode: "none" } | { mode: "prompt"; entries: KnowledgeEntry[] } | { mode: "tool"; count: number };

async function sizes(db: Db, userId: string) {
  return db
    .select({
      language: knowledgeEntries.language,
      n: count(),
      chars: sql<number>`sum(length(${knowledgeEntries.title}) + length(${knowledgeEntries.details}))::int`,
    })
    .from(knowledgeEntries)
    .where(eq(knowledgeEntries.userId, userId))
    .groupBy(knowledgeEntries.language);
}

/** Which entries a call in `language` reads, and whether they fit in the instructions. */
function modeOf(counts: Awaited<ReturnType<typeof sizes>>, language: Language): { mode: CallKnowledge["mode"]; own: boolean; n: number } {
  if (counts.length === 0) return { mode: "none", own: false, n: 0 };
  const own = counts.find((c) => c.language === language);
  const scope = own ? [own] : counts;
  const n = scope.reduce((a, c) => a + Number(c.n), 0);
  const chars = scope.reduce((a, c) => a + Number(c.chars), 0);
  return { mode: n > PROMPT_MAX_ENTRIES || chars > PROMPT_MAX_CHARS ? "tool" : "prompt", own: !!own, n };
}

export async function knowledgeForCall(db: Db, userId: string, language: Language): Promise<CallKnowledge> {
  const { mode, own, n } = modeOf(await sizes(db, userId), language);
  if (mode === "none") return { mode };
  if (mode === "tool") return { mode, count: n };
  const entries = (await listKnowledge(db, userId)).filter((e) => !own || e.language === language);
  return { mode, entries };
}

/** For the owner's page: how calls in each language reach the entries. */
export async function knowledgeModes(db: Db, userId: string): Promise<Record<Language, CallKnowledge["mode"]>> {
  const counts = await sizes(db, userId);
  return { en: modeOf(counts, "en").mode, fr: modeOf(counts, "fr").mode, es: modeOf(counts, "es").mode };
}

/**
 * The entries that best answer `query` (the caller's question in the model's words), in the call's language when the
 * owner wrote any in it: any of the query's words may match (stems of that language, stop words aside), ranked by how
 * well they match. Empty when nothing does.
 */
export async function lookupKnowledge(db: Db, userId: string, language: Language, query: string): Promise<KnowledgeEntry[]> {
  const config = CONFIG[language];
  // plainto_tsquery keeps the stems and joins them with AND; any word should find an entry, so the ANDs become ORs.
  const tsquery = sql`nullif(replace(plainto_tsquery(${config}::regconfig, ${query})::text, '&', '|'), '')::tsquery`;
  const rows = await db
    .select(columns)
    .from(knowledgeEntries)
    .where(
      and(
        eq(knowledgeEntries.userId, userId),
        // The call's language when the owner wrote any entry in it, else every entry: in the same statement.
        sql`(${knowledgeEntries.language} = ${language} or not exists (select 1 from knowledge_entries k where k.user_id = ${userId} and k.language = ${language}))`,
        sql`${knowledgeEntries.search} @@ ${tsquery}`,
      ),
    )
    .orderBy(sql`ts_rank(${knowledgeEntries.search}, ${tsquery}) desc`, asc(knowledgeEntries.title))
    .limit(LOOKUP_RESULTS);
  return rows.map(view);
}

/** An entry as the model reads it, in the instructions or in a search's answer, in the call's language. */
export function entryLine(e: Pick<KnowledgeEntry, "kind" | "title" | "details">, language: Language): string {
  // One line each, and " | " is what separates them: the owner's line breaks and bars do not cut an entry in two.
  const flat = (text: string) =>
    text
      .replace(/\s*\|\s*/g, " / ")
      .replace(/\s+/g, " ")
      .trim();
  return translate(language, `Receptionist.knowledge.${e.kind}`, { title: flat(e.title), details: flat(e.details) });
}

const fold = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

// Words that start a sentence or ask, which a question capitalizes without naming anything.
const NOT_NAMES = new Set(
  (
    "i do does did is are can could will would what which who how when where why we you your our the a an and or " +
    "est-ce que qui quoi quel quelle quels quelles comment quand où pourquoi vous nous je le la les un une des et ou " +
    "qué que cuál cuáles quién cómo cuándo dónde por usted ustedes nosotros yo el la los las un una unos unas y o"
  )
    .split(" ")
    .map(fold),
);

/**
 * The names a question asks about that the owner's entries never mention: "Do you take Cigna?" against "We accept Delta
 * Dental and Aetna" is ["Cigna"]. A name is a capitalized word past the question's first word; what the entries do not
 * name is unknown to the receptionist, never refused ("we accept A and B" says nothing about C).
 */
export function namesNotIn(question: string, texts: string[]): string[] {
  const known = fold(texts.join(" "));
  const words = question.match(/[\p{L}][\p{L}\p{N}'’-]*/gu) ?? [];
  const names = words.slice(1).filter((w) => /^\p{Lu}/u.test(w) && w.length > 1 && !NOT_NAMES.has(fold(w)));
  const mentioned = (w: string) =>
    new RegExp(`(^|[^\\p{L}])${fold(w).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "u").test(known);
  return [...new Set(names)].filter((w) => !mentioned(w));
}
