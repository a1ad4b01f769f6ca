// The one check for "type your password again" (a password change, deleting the account). A session is not proof of
// the password: a stolen one must not become a way to guess it. So each re-check goes through the sign-in limiter
// under the same keys as a sign-in of that account from that address: wrong guesses here lock sign-in there and the
// other way round, and a locked pair answers 429 even for the right password.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { verifyPassword } from "./password";
import { passwordCheckKeys, rememberAddress, signInSucceeded, takeAttempt } from "./rate-limit";

export type PasswordCheck = {
  userId: string;
  password: string;
  clientIp: string;
  /**
   * The status of a wrong password: 401 by default. A call whose 401 the client reads as "session ended" (everything
   * but the password change) asks for 403 instead.
   */
  wrongPassword?: "unauthorized" | "forbidden";
};

export async function confirmPassword(db: Db, check: PasswordCheck): Promise<void> {
  const [user] = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, check.userId))
    .limit(1);
  const email = user?.email ?? check.userId;
  const keys = (await passwordCheckKeys(db, { id: check.userId, email }, check.clientIp)).map((k) => ({
    ...k,
    messageKey: "tooManyPasswordAttempts",
  }));
  await takeAttempt(db, keys);
  // A wrong password keeps the attempt it took: it is a failure on every key.
  if (!(await verifyPassword(user?.passwordHash ?? null, check.password)))
    throw new AppError(check.wrongPassword ?? "unauthorized", "currentPasswordIncorrect");
  await signInSucceeded(db, keys);
  if (user) await rememberAddress(db, email, check.clientIp);
}
