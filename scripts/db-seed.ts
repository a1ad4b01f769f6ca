// Demo data for trying Recepta locally: a demo owner with a business, working hours and AI parameters, and a demo admin.
// Never in production: these credentials are printed and documented.
import { eq } from "drizzle-orm";
import { createDb } from "@/db/client";
import { runMigrations } from "@/db/migrate";
import { aiParameters, users } from "@/db/schema";
import { createProviders } from "@/lib/providers/registry";
import { bootstrap, ensureUser } from "@/lib/server/bootstrap";
import { fail, prepareRuntime } from "./runtime";

export const DEMO_OWNER = { email: "demo@recepta.test", password: "recepta-demo-owner" };
export const DEMO_ADMIN = { email: "admin@recepta.test", password: "recepta-demo-admin" };

async function main() {
  const rt = await prepareRuntime();
  if (rt.env.NODE_ENV === "production" && !process.argv.includes("--force")) {
    throw new Error("db:seed adds accounts with published passwords; refusing with NODE_ENV=production (use --force).");
  }
  try {
    await runMigrations(rt.url);
    const { db, sql } = createDb(rt.url, 1);
    try {
      await bootstrap(db, rt.env, createProviders(db, rt.env, process.env.AUTH_SECRET ?? "").telephony);
      await ensureUser(db, {
        ...DEMO_OWNER,
        type: "user",
        fullName: "Dr. Claire Martin",
        phone: "+33 1 23 45 67 89",
        businessName: "Cabinet Dentaire Martin",
        businessType: "dental",
        businessSize: "small",
        businessAddress: "12 rue de la Paix, 75002 Paris",
        serviceFrequency: "weekly",
        services: ["Check-up", "Cleaning", "Fillings", "Whitening"],
        appointmentDuration: "30",
        aiInstructions: "Greet patients warmly. Emergencies (severe pain, swelling) get the first free slot of the day.",
        timeZone: "Europe/Paris",
        locale: "fr",
      });
      await ensureUser(db, { ...DEMO_ADMIN, type: "admin", fullName: "Demo Admin" });
      const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_OWNER.email));
      await db
        .insert(aiParameters)
        .values({ userId: owner!.id, language: "fr", voiceId: "voice_french_male_1", firstMessage: "Bonjour, Cabinet Dentaire Martin, comment puis-je vous aider ?", agentName: "Camille" })
        .onConflictDoNothing();
    } finally {
      await sql.end({ timeout: 5 });
    }
    console.log("\nDemo data ready. Sign in at http://localhost:%d/login with:", rt.env.PORT);
    console.log("  owner  %s / %s", DEMO_OWNER.email, DEMO_OWNER.password);
    console.log("  admin  %s / %s\n", DEMO_ADMIN.email, DEMO_ADMIN.password);
  } finally {
    await rt.embedded?.stop();
  }
}

main().catch(fail);
