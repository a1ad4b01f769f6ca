import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { isUniqueViolation } from "@/db/errors";
import { aiParameters } from "@/db/schema";
import { voiceSpeaks } from "@/lib/accounts/account/options";
import type { CallLanguage } from "@/lib/accounts/business/business";
import { AppError } from "@/lib/platform/errors";
import { AI_DEFAULTS } from "./ai-defaults";
import type { AiParameters, AiParametersInput } from "./ai.schemas";
import { keyParam } from "@/lib/platform/message-param";

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

/**
 * The voice the assistant is saved with: the one sent, which must speak the assistant's language (else a 400 with a
 * translated message, like any invalid field); else the current one while it speaks that language; else the language's default.
 * So `{ language: "es" }` alone moves an English voice to the Spanish default, as the dashboard's form does.
 */
function voiceToSave(language: CallLanguage, sent: string | undefined, current: string | undefined): string {
  if (sent !== undefined) {
    if (!voiceSpeaks(sent, language))
      throw new AppError("bad_request", "Validation.voiceNotInLanguage", { field: keyParam("Fields.voiceId") });
    return sent;
  }
  return current !== undefined && voiceSpeaks(current, language) ? current : AI_DEFAULTS[language].voiceId;
}

/** A blank first message or agent name falls back to the defaults (in the assistant's language). */
export async function createAiParameters(db: Db, userId: string, input: AiParametersInput): Promise<AiParameters> {
  const defaults = AI_DEFAULTS[input.language ?? "en"];
  const voiceId = voiceToSave(defaults.language, input.voiceId, undefined);
  try {
    const [row] = await db
      .insert(aiParameters)
      .values({
        userId,
        language: defaults.language,
        voiceId,
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
  // What the body leaves out is read from the stored parameters: a blank text takes the default of the language being
  // saved, and the voice must speak it. A stored voice of another language (saved before voices were checked) gives way
  // to the language's default: the one its calls already spoke with (lib/receptionist/assistant/voices.ts).
  const stored = input.language && input.voiceId ? undefined : await getAiParameters(db, userId);
  const language = input.language ?? stored!.language;
  const defaults = AI_DEFAULTS[language];
  if (input.language) set.language = input.language;
  const voiceId = voiceToSave(language, input.voiceId, stored?.voiceId);
  if (voiceId !== stored?.voiceId) set.voiceId = voiceId;
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
