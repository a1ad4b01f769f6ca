import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { aiParameters } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { AI_DEFAULTS, type AiParameters, type AiParametersInput } from "./ai.schemas";

const columns = {
  language: aiParameters.language,
  voiceId: aiParameters.voiceId,
  firstMessage: aiParameters.firstMessage,
  agentName: aiParameters.agentName,
};

export async function getAiParameters(db: Db, userId: string): Promise<AiParameters> {
  const [row] = await db.select(columns).from(aiParameters).where(eq(aiParameters.userId, userId)).limit(1);
  if (!row) throw new AppError("not_found", "aiConfigNotFound");
  return row;
}

/** A blank first message or agent name falls back to the defaults (in the assistant's language). */
export async function createAiParameters(db: Db, userId: string, input: AiParametersInput): Promise<AiParameters> {
  const defaults = AI_DEFAULTS[input.language ?? "en"];
  try {
    const [row] = await db
      .insert(aiParameters)
      .values({
        userId,
        language: defaults.language,
        voiceId: input.voiceId ?? defaults.voiceId,
        firstMessage: input.firstMessage || defaults.firstMessage,
        agentName: input.agentName || defaults.agentName,
      })
      .returning(columns);
    return row!;
  } catch (e) {
    if (isUniqueViolation(e)) throw new AppError("conflict", "aiConfigExists");
    throw e;
  }
}

export async function updateAiParameters(db: Db, userId: string, input: AiParametersInput): Promise<AiParameters> {
  const set: Partial<typeof aiParameters.$inferInsert> = { updatedAt: new Date() };
  // A blank text takes the default of the language being saved (or, without one, of the stored language).
  const language = input.language ?? (await getAiParameters(db, userId)).language;
  const defaults = AI_DEFAULTS[language];
  if (input.language) set.language = input.language;
  if (input.voiceId) set.voiceId = input.voiceId;
  if (input.firstMessage !== undefined) set.firstMessage = input.firstMessage || defaults.firstMessage;
  if (input.agentName !== undefined) set.agentName = input.agentName || defaults.agentName;
  const [row] = await db.update(aiParameters).set(set).where(eq(aiParameters.userId, userId)).returning(columns);
  if (!row) throw new AppError("not_found", "aiConfigNotFound");
  return row;
}

export async function deleteAiParameters(db: Db, userId: string): Promise<void> {
  const deleted = await db.delete(aiParameters).where(eq(aiParameters.userId, userId)).returning({ userId: aiParameters.userId });
  if (deleted.length === 0) throw new AppError("not_found", "aiConfigNotFound");
}
