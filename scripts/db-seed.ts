// `npm run db:seed`: the demo practice, ready to try the receptionist, and a demo admin (lib/server/ops/seed.ts).
// Never in production: these credentials are printed and documented.
import { createDb } from "@/db/client";
import { migrateDatabase } from "@/lib/server/data-migrations";
import { DEMO_ADMIN, DEMO_FRONT_DESK, DEMO_OWNER, seedDemoDatabase } from "@/lib/server/ops/seed";
import { fail, loadEnv, prepareRuntime } from "./runtime";

async function main() {
  // Refused before anything is opened or written.
  if (loadEnv().NODE_ENV === "production" && !process.argv.includes("--force")) {
    throw new Error("db:seed adds accounts with published passwords; refusing with NODE_ENV=production (use --force).");
  }
  const rt = await prepareRuntime();
  try {
    await migrateDatabase(rt.url);
    const { db, sql } = createDb(rt.url, 1);
    let notes: string[];
    try {
      ({ notes } = await seedDemoDatabase(db, rt.env));
    } finally {
      await sql.end({ timeout: 5 });
    }
    for (const note of notes) console.log(note);
    console.log("\nDemo data ready: a French dental practice with its calendar, trial, number, appointments and calls.");
    console.log("Sign in at http://localhost:%d/login with:", rt.env.PORT);
    console.log("  owner  %s / %s   (then open Try your receptionist)", DEMO_OWNER.email, DEMO_OWNER.password);
    console.log("  front desk  %s / %s   (a member of the practice, staff role)", DEMO_FRONT_DESK.email, DEMO_FRONT_DESK.password);
    console.log("  admin  %s / %s\n", DEMO_ADMIN.email, DEMO_ADMIN.password);
  } finally {
    await rt.embedded?.stop();
  }
}

main().catch(fail);
