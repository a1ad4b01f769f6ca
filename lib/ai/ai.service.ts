import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { aiParameters } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { type AiParameters, type AiParametersInput, DEFAULT_AGENT_NAME, DEFAULT_FIRST_MESSAGE, DEFAULT_VOICE } from "./ai.schemas";

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

/** Spec §5: a blank first message or agent name falls back to the defaults. */
export async function createAiParameters(db: Db, userId: string, input: AiParametersInput): Promise<AiParameters> {
  try {
    const [row] = await db
      .insert(aiParameters)
      .values({
        userId,
        language: input.language ?? "en",
        voiceId: input.voiceId ?? DEFAULT_VOICE,
        firstMessage: input.firstMessage || DEFAULT_FIRST_MESSAGE,
        agentName: input.agentName || DEFAULT_AGENT_NAME,
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
  if (input.language) set.language = input.language;
  if (input.voiceId) set.voiceId = input.voiceId;
  if (input.firstMessage !== undefined) set.firstMessage = input.firstMessage || DEFAULT_FIRST_MESSAGE;
  if (input.agentName !== undefined) set.agentName = input.agentName || DEFAULT_AGENT_NAME;
  const [row] = await db.update(aiParameters).set(set).where(eq(aiParameters.userId, userId)).returning(columns);
  if (!row) throw new AppError("not_found", "aiConfigNotFound");
  return row;
}

export async function deleteAiParameters(db: Db, userId: string): Promise<void> {
  const deleted = await db.delete(aiParameters).where(eq(aiParameters.userId, userId)).returning({ userId: aiParameters.userId });
  if (deleted.length === 0) throw new AppError("not_found", "aiConfigNotFound");
}
