// "Is the person at the keyboard the owner?", asked before what a stolen session must not be able to do quietly: delete
// the account, or open the practice's data to another tool (an API key, a webhook endpoint) that would keep working after
// the owner changed their password. The answer is the current password, or a session opened in the last ten minutes.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { sessions } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { confirmPassword } from "./confirm-password";

/** A sign-in this recent counts as proof of identity without typing the password again. */
export const FRESH_SIGN_IN_MS = 10 * 60 * 1000;

export type IdentityCheck = {
  userId: string;
  sessionId: string;
  password: string | undefined;
  clientIp: string;
  /** The "Api" message saying what to do when neither proof is there. */
  messageKey: string;
  now?: Date;
};

export async function confirmIdentity(db: Db, check: IdentityCheck): Promise<void> {
  if (check.password) {
    // Under the sign-in limit, like every password re-check; 403, since a 401 would read as a signed-out session.
    await confirmPassword(db, { userId: check.userId, password: check.password, clientIp: check.clientIp, wrongPassword: "forbidden" });
    return;
  }
  const [session] = await db.select({ createdAt: sessions.createdAt }).from(sessions).where(eq(sessions.id, check.sessionId)).limit(1);
  const now = check.now ?? new Date();
  if (!session || now.getTime() - session.createdAt.getTime() > FRESH_SIGN_IN_MS) throw new AppError("forbidden", check.messageKey);
}
