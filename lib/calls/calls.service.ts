// The owner's call log. The list leaves out transcripts and recording links: they are read one call at a time.
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { calls } from "@/db/schema";

export type CallView = {
  id: string;
  fromNumber: string | null;
  toNumber: string | null;
  status: string;
  startedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  endedReason: string | null;
  summary: string | null;
};

export const CALLS_LIMIT = 100;

/** Newest first: by when the call started, or when we first heard of it if the provider sent no start time. */
export async function listCalls(db: Db, userId: string): Promise<CallView[]> {
  const rows = await db
    .select({
      id: calls.id,
      fromNumber: calls.fromNumber,
      toNumber: calls.toNumber,
      status: calls.status,
      startedAt: calls.startedAt,
      endedAt: calls.endedAt,
      endedReason: calls.endedReason,
      summary: calls.summary,
    })
    .from(calls)
    .where(eq(calls.userId, userId))
    .orderBy(desc(sql`coalesce(${calls.startedAt}, ${calls.createdAt})`), desc(calls.createdAt))
    .limit(CALLS_LIMIT);
  return rows.map((r) => ({
    id: r.id,
    fromNumber: r.fromNumber,
    toNumber: r.toNumber,
    status: r.status,
    startedAt: r.startedAt?.toISOString() ?? null,
    endedAt: r.endedAt?.toISOString() ?? null,
    durationSeconds: r.startedAt && r.endedAt ? Math.max(0, Math.round((r.endedAt.getTime() - r.startedAt.getTime()) / 1000)) : null,
    endedReason: r.endedReason,
    summary: r.summary,
  }));
}
