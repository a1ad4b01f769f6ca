import { readyResponse } from "@/lib/platform/http/http.responses";
import { sql } from "drizzle-orm";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

const TIMEOUT_MS = 2000;

function within<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timeout")), TIMEOUT_MS))]);
}

/**
 * Readiness: the database answers and the job queue (messages, reminders, setup emails) is started and reads its
 * queues, each within 2 s. 200 {status: "ready"} or 503 naming the check that failed; nothing else is said.
 */
export const GET = route.raw("public", { response: { 200: readyResponse, 503: readyResponse } }, async (): Promise<Response> => {
  const checks: Record<"database" | "jobs", "ok" | "failing"> = { database: "failing", jobs: "failing" };
  try {
    const ctx = appContext();
    await within(ctx.db.execute(sql`select 1`)).then(
      () => (checks.database = "ok"),
      () => {},
    );
    if (checks.database === "ok") {
      await within(ctx.jobs.ready().then((boss) => boss.getQueue("account-setup"))).then(
        (q) => {
          if (q) checks.jobs = "ok";
        },
        () => {},
      );
    }
  } catch {
    // The wiring itself failed (no DATABASE_URL): nothing is ready.
  }
  const ready = checks.database === "ok" && checks.jobs === "ok";
  return json({ status: ready ? "ready" : "unavailable", checks }, { status: ready ? 200 : 503 });
});
