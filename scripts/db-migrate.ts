import { runMigrations } from "@/db/migrate";
import { fail, prepareRuntime } from "./runtime";

async function main() {
  const rt = await prepareRuntime();
  try {
    await runMigrations(rt.url);
    console.log("Migrations applied.");
  } finally {
    await rt.embedded?.stop();
  }
}

main().catch(fail);
