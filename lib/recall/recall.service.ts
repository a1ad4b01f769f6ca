// Recall: per service, the months after an appointment when the caller is due again (a cleaning every six months), and
// the owner's view of who is due, who was texted and who booked since. The texts themselves go out from the sweep
// (recall-sweep.ts) through the job queue; messaging writes and sends them.
import { eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { serviceRecalls, users } from "@/db/schema";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { AppError } from "@/lib/platform/errors";
import { enabledBookingSlug } from "@/lib/booking-page/link";
import { dueCallers, practiceServices, type DueCaller, type RecallInterval } from "./due";
import type { RecallSettingsInput } from "./recall.schemas";

export type RecallSettings = { services: { service: string; intervalMonths: number | null }[] };

/** The longest each of the owner's lists gets: the most pressing (due) or the latest (texted, booked) first. */
export const RECALL_LIST_MAX = 200;

async function business(db: Db, userId: string): Promise<Business> {
  const biz = await loadBusiness(db, userId);
  if (!biz) throw new AppError("unauthorized", "unauthorized");
  return biz;
}

/**
 * The intervals of the services the practice still offers, each named as the practice names it now. An interval kept
 * for a service since removed or renamed is left out: the owner could no longer see it or turn it off.
 */
export async function recallIntervals(db: Db, biz: Pick<Business, "userId" | "services" | "practitioners">): Promise<RecallInterval[]> {
  const rows = await db
    .select({ service: serviceRecalls.service, months: serviceRecalls.intervalMonths })
    .from(serviceRecalls)
    .where(eq(serviceRecalls.userId, biz.userId));
  const months = new Map(rows.map((r) => [r.service.toLowerCase(), r.months]));
  return practiceServices(biz).flatMap((service) => {
    const m = months.get(service.toLowerCase());
    return m ? [{ service, months: m }] : [];
  });
}

export async function getRecallSettings(db: Db, userId: string): Promise<RecallSettings> {
  const biz = await business(db, userId);
  const set = new Map((await recallIntervals(db, biz)).map((r) => [r.service, r.months]));
  return { services: practiceServices(biz).map((service) => ({ service, intervalMonths: set.get(service) ?? null })) };
}

/**
 * Replaces the intervals: each service named must be one of the practice's (400 naming it otherwise, nothing written),
 * matched whatever its case and stored as the practice spells it; a service left out or given null has none.
 */
export async function saveRecallSettings(db: Db, userId: string, input: RecallSettingsInput): Promise<RecallSettings> {
  const offered = new Map(practiceServices(await business(db, userId)).map((s) => [s.toLowerCase(), s]));
  const rows = input.services.flatMap(({ service, intervalMonths }) => {
    const name = offered.get(service.toLowerCase());
    if (!name) throw new AppError("bad_request", "Validation.recallServiceUnknown", { service });
    return intervalMonths === null ? [] : [{ userId, service: name, intervalMonths }];
  });
  await db.transaction(async (tx) => {
    // Two saves at once are applied one after the other, each whole (a lock bookings' key-share locks do not wait for).
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("no key update");
    await tx.delete(serviceRecalls).where(eq(serviceRecalls.userId, userId));
    if (rows.length) await tx.insert(serviceRecalls).values(rows);
  });
  return getRecallSettings(db, userId);
}

export type RecallText = { id: string; phone: string; name: string | null; service: string; dueOn: string; sentAt: string };
export type Recalls = {
  bookingPageEnabled: boolean;
  due: Omit<DueCaller, "appointmentId" | "language">[];
  texted: RecallText[];
  booked: (RecallText & { appointmentStartsAt: string })[];
};

type SentRow = {
  id: string;
  phone: string;
  name: string | null;
  service: string;
  due_on: string;
  sent_at: string;
  booked_starts_at: string | null;
};

/** An instant as ISO 8601 in UTC, written by the database. */
const iso = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/**
 * The owner's view: who is due and not texted yet (those who opted out marked so), who was texted and has not booked
 * since, and who booked after their text: the first appointment made from that number after it, whatever the service
 * and however booked (a call counts as much as the link).
 */
export async function listRecalls(db: Db, userId: string, now = new Date()): Promise<Recalls> {
  const biz = await business(db, userId);
  const [slug, intervals] = await Promise.all([enabledBookingSlug(db, userId), recallIntervals(db, biz)]);
  const due = await dueCallers(db, { userId, timeZone: biz.timeZone, intervals, now, limit: RECALL_LIST_MAX });
  const sent = Array.from(
    await db.execute<SentRow>(sql`
      select r.id, r.phone, a.patient_name as name, r.service, r.due_on::text as due_on, ${iso("r.sent_at")} as sent_at,
        ${iso("bk.starts_at")} as booked_starts_at
      from recall_texts r
      left join appointments a on a.id = r.after_appointment_id
      left join lateral (
        select b.starts_at from appointments b
        where b.user_id = r.user_id and (
          b.id = r.booked_appointment_id
          or (r.booked_appointment_id is null and b.patient_phone = r.phone and b.status = 'booked' and b.created_at > r.sent_at)
        )
        order by b.created_at limit 1
      ) bk on true
      where r.user_id = ${userId}
      order by r.sent_at desc, r.phone
      limit ${RECALL_LIST_MAX * 2}`),
  );
  const text = (r: SentRow): RecallText => ({
    id: r.id,
    phone: r.phone,
    name: r.name,
    service: r.service,
    dueOn: r.due_on,
    sentAt: r.sent_at,
  });
  return {
    bookingPageEnabled: slug !== null,
    due: due.map(({ appointmentId: _a, language: _l, ...d }) => d),
    texted: sent
      .filter((r) => !r.booked_starts_at)
      .slice(0, RECALL_LIST_MAX)
      .map(text),
    booked: sent
      .filter((r) => r.booked_starts_at)
      .slice(0, RECALL_LIST_MAX)
      .map((r) => ({ ...text(r), appointmentStartsAt: r.booked_starts_at! })),
  };
}

/**
 * Records on each text of this business not yet linked the booking it led to (see listRecalls), so it stays counted
 * once the appointment is moved past or the number books again.
 */
export async function linkRecallBookings(db: Db, userId: string): Promise<void> {
  const first = sql`
    select b.id from appointments b
    where b.user_id = recall_texts.user_id and b.patient_phone = recall_texts.phone and b.status = 'booked'
      and b.created_at > recall_texts.sent_at
    order by b.created_at limit 1`;
  await db.execute(sql`
    update recall_texts set booked_appointment_id = (${first})
    where user_id = ${userId} and booked_appointment_id is null and exists (${first})`);
}
