// Usage per billing period: the calls and minutes of the current period (the Subscription page, the admin's users
// table), and the owner's own limit with its emails at 80% and 100%. A Try call is the owner testing: never usage. The emails go out from the periodic sweep, once per
// level, period and limit (the outbox's dedupe key): a raised limit may warn again, a restart never sends twice.
import { eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { subscriptions, users } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { logger } from "@/lib/platform/log/logger";
import { localizedPath } from "@/lib/platform/i18n/paths";
import { usageAlertEmail } from "@/lib/messaging/notifications/account-emails";
import type { MessageSender } from "@/lib/ports/messaging";
import { countedCall } from "@/lib/receptionist/calls/try-calls";
import { billingPeriod, usageBetween, type Usage } from "./insights.service";

export type AccountUsage = Usage & { alertMinutes: number | null };

/** The levels an email is sent at, highest first: only the highest one reached is sent. */
export const ALERT_LEVELS = [100, 80] as const;

/** The accounts named ("all" of them, or those with a limit: "alerts") and their current billing period. */
async function periodsOf(db: Db, which: string[] | "all" | "alerts", now: Date) {
  const rows = await db
    .select({
      userId: users.id,
      email: users.email,
      locale: users.locale,
      timeZone: users.timeZone,
      isActive: users.isActive,
      alertMinutes: users.usageAlertMinutes,
      periodStart: subscriptions.currentPeriodStart,
      periodEnd: subscriptions.currentPeriodEnd,
    })
    .from(users)
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id))
    .where(which === "all" ? undefined : which === "alerts" ? isNotNull(users.usageAlertMinutes) : inArray(users.id, which));
  return rows.map((r) => ({ ...r, window: billingPeriod(r.periodStart, r.periodEnd, r.timeZone, now) }));
}

export async function usageFor(db: Db, userId: string, now = new Date()): Promise<AccountUsage> {
  const [owner] = await periodsOf(db, [userId], now);
  if (!owner) throw new AppError("not_found", "userNotFound");
  return { ...(await usageBetween(db, userId, owner.window)), alertMinutes: owner.alertMinutes };
}

/** Every account's calls and minutes in its own current billing period, in one query: the admin's users table. */
export async function usageOfAll(db: Db, now = new Date()): Promise<Record<string, Usage>> {
  const owners = await periodsOf(db, "all", now);
  if (owners.length === 0) return {};
  const windows = owners.map((o) => ({ user_id: o.userId, s: o.window.start.toISOString(), e: o.window.end.toISOString() }));
  const rows = await db.execute<{ user_id: string; calls: number; seconds: number }>(sql`
    select w.user_id::text as user_id, count(c.id)::int as calls, coalesce(sum(c.duration_seconds), 0)::float8 as seconds
    from jsonb_to_recordset(${JSON.stringify(windows)}::jsonb) as w(user_id uuid, s timestamptz, e timestamptz)
    left join calls c on c.user_id = w.user_id and ${countedCall("c")} and c.created_at >= w.s and c.created_at < w.e
    group by w.user_id`);
  const byId = new Map(owners.map((o) => [o.userId, o.window]));
  return Object.fromEntries(
    rows.map((r) => {
      const w = byId.get(r.user_id)!;
      return [
        r.user_id,
        { periodStart: w.start.toISOString(), periodEnd: w.end.toISOString(), calls: r.calls, minutes: Math.ceil(Number(r.seconds) / 60) },
      ];
    }),
  );
}

export async function setUsageAlert(db: Db, userId: string, alertMinutes: number | null, now = new Date()): Promise<AccountUsage> {
  const [updated] = await db
    .update(users)
    .set({ usageAlertMinutes: alertMinutes, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!updated) throw new AppError("not_found", "userNotFound");
  return usageFor(db, userId, now);
}

export type UsageAlertDeps = { db: Db; email: MessageSender; appUrl: string; supportEmail: string; now?: () => Date };

/** One pass over the accounts with a limit: the email of the highest level reached, unless already sent. */
export async function runUsageAlerts(deps: UsageAlertDeps): Promise<number> {
  const now = deps.now?.() ?? new Date();
  let sent = 0;
  for (const o of await periodsOf(deps.db, "alerts", now)) {
    if (!o.isActive || o.alertMinutes === null) continue;
    // One account's failure (a refused address, a dropped connection) leaves the others their email; the next sweep retries.
    try {
      const usage = await usageBetween(deps.db, o.userId, o.window);
      const level = ALERT_LEVELS.find((l) => usage.minutes * 100 >= o.alertMinutes! * l);
      if (!level) continue;
      const url = `${deps.appUrl}${localizedPath(o.locale, "/dashboard/subscription")}`;
      const mail = usageAlertEmail(o.locale, {
        level,
        minutes: usage.minutes,
        limit: o.alertMinutes,
        periodEnd: o.window.end,
        timeZone: o.timeZone,
        url,
        support: deps.supportEmail,
      });
      const result = await deps.email.send({
        userId: o.userId,
        to: o.email,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        links: [url],
        dedupeKey: `usage:${o.userId}:${usage.periodStart}:${o.alertMinutes}:${level}`,
      });
      if (!result.duplicate && result.status === "sent") sent++;
    } catch (e) {
      logger().error({ name: (e as Error).name }, "usage alert failed");
    }
  }
  return sent;
}
