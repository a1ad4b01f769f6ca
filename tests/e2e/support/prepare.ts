// `tsx tests/e2e/support/prepare.ts <dataDir>`: the accounts a paid checkout leaves behind (pending: no password, setup
// not completed) with one setup link each, written to <dataDir>/e2e-fixtures.json, and db:seed's demo data. Uses the
// app's own code for the runtime, migrations and tokens; stops the embedded database afterwards so the server can take
// the folder's lock.
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createDb } from "@/db/client";
import { migrateDatabase } from "@/lib/server/data-migrations";
import { subscriptions, users } from "@/db/schema";
import { issueSetupToken } from "@/lib/accounts/account/accounts.service";
import { selfServiceToken } from "@/lib/scheduling/booking/self-service-link";
import { ensureUser } from "@/lib/server/bootstrap";
import { seedDemoDatabase } from "@/lib/server/ops/seed";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { prepareRuntime } from "@/scripts/runtime";
import type { E2EFixtures } from "./fixtures";
import { prepareRecallPractice } from "./recall-fixture";

const HOUR = 60 * 60 * 1000;

/** The administrator of the admin-area tests (the real app creates its first admin the same way, from the environment). */
export const E2E_ADMIN = { email: "admin@e2e.test", password: "admin-e2e-pass-1", fullName: "Ada Admin" } as const;

const PENDING = {
  en: { email: "setup-en@e2e.test", fullName: "Alex Martin", locale: "en" },
  fr: { email: "setup-fr@e2e.test", fullName: "Camille Durand", locale: "fr" },
  es: { email: "setup-es@e2e.test", fullName: "Lucía García", locale: "es" },
  // Extra links: one to look at without using it (preview, or a second tab), one already expired (negative test).
  preview: { email: "setup-preview@e2e.test", fullName: "Sam Preview", locale: "en" },
  expired: { email: "setup-expired@e2e.test", fullName: "Eli Expired", locale: "en" },
} as const;

async function main() {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error("usage: tsx tests/e2e/support/prepare.ts <dataDir>");
  process.env.DATA_DIR = path.resolve(dataDir);
  const rt = await prepareRuntime();
  try {
    await migrateDatabase(rt.url);
    const { db, sql } = createDb(rt.url, 1);
    try {
      const tokens: Record<string, string> = {};
      const accounts: E2EFixtures["accounts"] = {};
      for (const [key, a] of Object.entries(PENDING)) {
        const [row] = await db
          .insert(users)
          .values({
            email: a.email,
            passwordHash: null,
            fullName: a.fullName,
            workingHours: defaultWorkingHours(),
            locale: a.locale,
            setupCompletedAt: null,
          })
          .returning({ id: users.id });
        // The trial the checkout started (what the Stripe webhook records): the setup's last step claims a number with it.
        const now = new Date();
        const trialEnd = new Date(now.getTime() + 7 * 24 * HOUR);
        await db.insert(subscriptions).values({
          userId: row!.id,
          status: "trialing",
          provider: "sandbox",
          providerSubscriptionId: `sub_sandbox_e2e_${key}`,
          trialEndsAt: trialEnd,
          currentPeriodStart: now,
          currentPeriodEnd: trialEnd,
        });
        tokens[key] = await issueSetupToken(db, row!.id, key === "expired" ? -HOUR : undefined);
        accounts[key] = { email: a.email, fullName: a.fullName };
      }
      await ensureUser(db, { ...E2E_ADMIN, type: "admin" });
      // What `npm run db:seed` adds: the demo practice, ready to try its receptionist (and the sandbox number pool).
      await seedDemoDatabase(db, rt.env);
      const fixtures: E2EFixtures = {
        setupTokens: { en: tokens.en!, fr: tokens.fr!, es: tokens.es! },
        previewSetupToken: tokens.preview!,
        expiredSetupToken: tokens.expired!,
        // Signed with this installation's key, expired an hour ago (the page refuses it before reading any appointment).
        expiredSelfServiceToken: selfServiceToken(rt.env.AUTH_SECRET!, randomUUID(), new Date(Date.now() - HOUR)),
        // Signed and live for a day, but naming no appointment (as after the caller's data was erased).
        orphanSelfServiceToken: selfServiceToken(rt.env.AUTH_SECRET!, randomUUID(), new Date(Date.now() + 24 * HOUR)),
        accounts,
        admin: E2E_ADMIN,
        recall: await prepareRecallPractice(db),
      };
      fs.writeFileSync(path.join(dataDir, "e2e-fixtures.json"), JSON.stringify(fixtures, null, 2));
    } finally {
      await sql.end({ timeout: 5 });
    }
  } finally {
    await rt.embedded?.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
