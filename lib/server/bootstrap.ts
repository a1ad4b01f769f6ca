// What every start does after migrating: the first admin from the environment, and the sandbox number pool.
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users } from "@/db/schema";
import { emailSchema, newPasswordSchema } from "@/lib/accounts/account/accounts.schemas";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { hashPassword } from "@/lib/accounts/auth/password";
import type { Env } from "@/lib/platform/env";
import { seedPoolOnce, syncMessagingProfiles } from "@/lib/accounts/numbers/numbers.service";
import type { TelephonyPort } from "@/lib/ports/telephony";
import { keepHolidaysFilled } from "@/lib/scheduling/closures/holidays";

export async function bootstrap(db: Db, e: Env, telephony: TelephonyPort): Promise<string[]> {
  const notes: string[] = [];
  if (telephony.kind === "sandbox") {
    const added = await seedPoolOnce(db, telephony);
    if (added) notes.push(`Sandbox: added ${added} fictional phone numbers (US, France, Spain) to the pool.`);
  }
  // Each business's texts under its own messaging profile (numbers assigned before there were any, failed moves).
  const moved = await syncMessagingProfiles(db, telephony);
  if (moved) notes.push(`Put ${moved} business numbers on their business's own messaging profile.`);
  if (e.SEED_ADMIN_EMAIL && e.SEED_ADMIN_PASSWORD) {
    const created = await ensureUser(db, {
      email: e.SEED_ADMIN_EMAIL,
      password: e.SEED_ADMIN_PASSWORD,
      fullName: "Administrator",
      type: "admin",
    });
    if (created) notes.push(`Created the admin account ${created}.`);
  }
  return notes;
}

/** Creates the account unless one with that email exists; returns the email when it created one. */
export async function ensureUser(
  db: Db,
  input: { email: string; password: string; fullName: string; type: "admin" | "user" } & Partial<typeof users.$inferInsert>,
): Promise<string | null> {
  const email = emailSchema.parse(input.email);
  const password = newPasswordSchema.safeParse(input.password);
  if (!password.success) throw new Error(`The password for ${email} must be at least 8 characters long.`);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return null;
  const { password: _plain, ...fields } = input;
  const inserted = await db
    .insert(users)
    .values({
      workingHours: defaultWorkingHours(),
      setupCompletedAt: new Date(),
      ...fields,
      email,
      passwordHash: await hashPassword(password.data),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted[0]) return null;
  // A business (not an admin) is closed on its public holidays from the start.
  if (input.type === "user") await keepHolidaysFilled(db, inserted[0].id);
  return email;
}
