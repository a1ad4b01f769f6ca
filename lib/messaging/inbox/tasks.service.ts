// Requests the receptionist took (take_message), as the owner's tasks: a category, an urgency, open or done, and, when
// the owner marks one done, a text telling the caller so. Every read and write is scoped by the owner's id.
import { and, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { callerMessages } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { type JobQueue } from "@/lib/platform/jobs/queue";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import type { TaskUpdateInput } from "./inbox.schemas";
import { lineOf } from "./threads.service";

type Row = typeof callerMessages.$inferSelect;

export type TaskView = {
  id: string;
  callerName: string | null;
  callerPhone: string | null;
  body: string;
  category: Row["category"];
  urgency: Row["urgency"];
  status: Row["status"];
  createdAt: string;
  doneAt: string | null;
  callerToldAt: string | null;
};

export const TASK_LIST_LIMIT = 200;

function view(r: Row): TaskView {
  return {
    id: r.id,
    callerName: r.callerName,
    callerPhone: r.callerPhone,
    body: r.body,
    category: r.category,
    urgency: r.urgency,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    doneAt: r.doneAt?.toISOString() ?? null,
    callerToldAt: r.callerToldAt?.toISOString() ?? null,
  };
}

/** Open tasks urgent first, then oldest first (the queue to work through); done ones latest first. */
export async function listTasks(
  db: Db,
  userId: string,
  status: "open" | "done" | "all" = "open",
): Promise<{ tasks: TaskView[]; open: number }> {
  const rows = await db
    .select()
    .from(callerMessages)
    .where(and(eq(callerMessages.userId, userId), status === "all" ? undefined : eq(callerMessages.status, status)))
    .orderBy(
      sql`case when ${callerMessages.status} = 'open' then 0 else 1 end`,
      sql`case when ${callerMessages.status} = 'open' and ${callerMessages.urgency} = 'urgent' then 0 else 1 end`,
      sql`case when ${callerMessages.status} = 'open' then ${callerMessages.createdAt} end asc`,
      desc(callerMessages.doneAt),
    )
    .limit(TASK_LIST_LIMIT);
  const [open] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(callerMessages)
    .where(and(eq(callerMessages.userId, userId), eq(callerMessages.status, "open")));
  return { tasks: rows.map(view), open: open?.n ?? 0 };
}

/**
 * Marks a task done (optionally texting the caller that it is, from the business's line) or open again. Telling the
 * caller is refused up front when it could not happen: no number, a caller who sent STOP, no line to send from.
 */
export async function updateTask(
  deps: { db: Db; jobs: JobQueue },
  userId: string,
  id: string,
  input: TaskUpdateInput,
  now = new Date(),
): Promise<TaskView> {
  const { db } = deps;
  const [task] = await db
    .select()
    .from(callerMessages)
    .where(and(eq(callerMessages.id, id), eq(callerMessages.userId, userId)))
    .limit(1);
  if (!task) throw new AppError("not_found", "taskNotFound");
  const tell = input.status === "done" && input.tellCaller === true && !task.callerToldAt;
  if (tell) {
    if (!task.callerPhone) throw new AppError("conflict", "taskNoPhone");
    if (!(await lineOf(db, userId))) throw new AppError("conflict", "noLineForTexts");
    if (await isOptedOut(db, userId, task.callerPhone, "sms")) throw new AppError("conflict", "callerOptedOut");
  }
  await deps.jobs.ready();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(callerMessages)
      .set(
        input.status === "done"
          ? { status: "done", doneAt: task.doneAt ?? now, ...(tell ? { callerToldAt: now } : {}) }
          : { status: "open", doneAt: null },
      )
      .where(and(eq(callerMessages.id, id), eq(callerMessages.userId, userId)))
      .returning();
    if (tell) await deps.jobs.send("task-done", { messageId: id }, { tx, fairShare: userId });
    return updated!;
  });
  return view(row);
}
