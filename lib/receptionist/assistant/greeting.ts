// What the AI page shows: the parameters in use (the saved ones, else the defaults of the call's language) and the
// opening line callers really hear. The line is the assistant's own first message, built by the same function a call
// uses, so the page can never promise a greeting the phone does not say (the disclosure, the business's name, the
// salutation said once, the message-only greeting while the plan is not active).
import type { Db } from "@/db/client";
import { AI_DEFAULTS } from "@/lib/accounts/ai-settings/ai-defaults";
import type { AiParameters } from "@/lib/accounts/ai-settings/ai.schemas";
import { callLanguage, loadBusiness, type Business } from "@/lib/accounts/business/business";
import { AppError } from "@/lib/platform/errors";
import { speechStyleOf, withSpeechStyle } from "../speech/speech";
import { assistantFor } from "./assistant";

/** The first words of the business's next call, as its assistant says them (recorded or not, as the owner set). */
export function spokenGreeting(b: Business, now = new Date()): string {
  return withSpeechStyle(speechStyleOf(b), () => assistantFor(b, { callerNumber: null, recording: b.recordingEnabled, now }).firstMessage);
}

export type AiParametersInUse = AiParameters & { saved: boolean; spokenGreeting: string };

/** The parameters a call uses now; `saved` is false while the owner has saved none (the defaults are in use). */
export async function aiParametersInUse(db: Db, userId: string, now = new Date()): Promise<AiParametersInUse> {
  const b = await loadBusiness(db, userId, now);
  if (!b) throw new AppError("not_found", "aiConfigNotFound");
  const { language, voiceId, firstMessage, agentName } = b.ai ?? AI_DEFAULTS[callLanguage(b)];
  return { language, voiceId, firstMessage, agentName, saved: b.ai !== null, spokenGreeting: spokenGreeting(b, now) };
}
