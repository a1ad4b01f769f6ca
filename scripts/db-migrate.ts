import { migrateDatabase } from "@/lib/server/data-migrations";
import { fail, prepareRuntime } from "./runtime";

async function main() {
  const rt = await prepareRuntime();
  try {
    await migrateDatabase(rt.url);
    console.log("Migrations applied.");
  } finally {
    await rt.embedded?.stop();
  }
}

main().catch(fail);
