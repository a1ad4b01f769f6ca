import { healthResponse } from "@/lib/platform/http/http.responses";
import { sql } from "drizzle-orm";
import { json } from "@/lib/platform/http/route";
import { route } from "@/lib/server/api-route";
import { appContext } from "@/lib/server/context";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/** Liveness with the database: 200 when a query answers within 2 s, 503 otherwise. Says nothing else. */
export const GET = route.raw("public", { response: { 200: healthResponse, 503: healthResponse } }, async (): Promise<Response> => {
  try {
    const { db } = appContext();
    await Promise.race([db.execute(sql`select 1`), new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), 2000))]);
    return json({ status: "ok" });
  } catch {
    return json({ status: "unavailable" }, { status: 503 });
  }
});
