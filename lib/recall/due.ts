// Who is due for a recall: per number and service with an interval, the last appointment for that service that has
// taken place, plus the interval, in the business's time zone, by date. A cleaning on 31 August with a 6-month interval
// is due on 28 February (the month's last day when it has fewer), and the caller is texted from that day on.
//
// Not due:
// - a number with any appointment to come, whatever the service: they are in touch with the practice already, and a
//   "time to book" text a week before their visit reads as a mistake;
// - a number texted for this service since that last appointment: one text per appointment, so one per interval, even
//   when the owner changes the interval afterwards (a new due date, the same visit);
// - a due date more than RECALL_GRACE_DAYS ago: turning recall on must not text every patient of the last five years,
//   and a caller a year overdue has likely moved on. A later appointment for another service does not reset the count:
//   a filling in March is not the cleaning that was due in July.
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import type { Business } from "@/lib/accounts/business/business";
import { addDays, localDate } from "@/lib/platform/time/zoned-time";

/** Past its due date by more than this, a caller is no longer texted nor listed as due. */
export const RECALL_GRACE_DAYS = 90;

export type RecallInterval = { service: string; months: number };

export type DueCaller = {
  /** The appointment the interval counts from. */
  appointmentId: string;
  phone: string;
  name: string;
  service: string;
  language: "en" | "fr" | "es";
  /** Local dates, "YYYY-MM-DD". */
  lastVisit: string;
  dueOn: string;
  optedOut: boolean;
};

/**
 * The practice's services as a caller can book them: every practitioner's own, and the practice's list when someone
 * offers it (a practitioner with no list of their own). One per name whatever its case, the first spelling kept.
 */
export function practiceServices(biz: Pick<Business, "services" | "practitioners">): string[] {
  const names = [
    ...(biz.practitioners.some((p) => !p.services.length) ? biz.services : []),
    ...biz.practitioners.flatMap((p) => p.services.map((s) => s.name)),
  ];
  const seen = new Set<string>();
  return names.filter((n) => {
    const key = n.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

type Row = {
  appointment_id: string;
  phone: string;
  name: string;
  service: string;
  language: "en" | "fr" | "es";
  last_visit: string;
  due_on: string;
  opted_out: boolean;
};

/**
 * The callers due on `now`'s local date, the longest due first, at most `limit`; `textable` leaves out the numbers that
 * opted out (STOP), which the owner's list shows and the sweep skips.
 */
export async function dueCallers(
  db: Db | Tx,
  q: { userId: string; timeZone: string; intervals: RecallInterval[]; now: Date; limit: number; textable?: boolean },
): Promise<DueCaller[]> {
  if (!q.intervals.length) return [];
  const today = localDate(q.now, q.timeZone);
  const now = q.now.toISOString();
  const rows = await db.execute<Row>(sql`
    with r as (
      select service, months from jsonb_to_recordset(${JSON.stringify(q.intervals)}::jsonb) as x(service text, months int)
    ), last as (
      select distinct on (a.patient_phone, lower(r.service))
        a.id, a.patient_phone, a.patient_name, a.language, a.starts_at, r.service, r.months,
        (a.starts_at at time zone ${q.timeZone})::date as visit
      from appointments a join r on lower(a.service) = lower(r.service)
      where a.user_id = ${q.userId} and a.status = 'booked' and a.patient_phone is not null and a.starts_at <= ${now}::timestamptz
      order by a.patient_phone, lower(r.service), a.starts_at desc
    ), d as (
      select l.*, (l.visit + make_interval(months => l.months))::date as due_on,
        exists (select 1 from opt_outs o where o.user_id = ${q.userId} and o.phone = l.patient_phone and o.channel = 'sms') as opted_out
      from last l
    )
    select d.id as appointment_id, d.patient_phone as phone, d.patient_name as name, d.service, d.language,
      d.visit::text as last_visit, d.due_on::text as due_on, d.opted_out
    from d
    where d.due_on <= ${today}::date and d.due_on > ${addDays(today, -RECALL_GRACE_DAYS)}::date
      ${q.textable ? sql`and not d.opted_out` : sql``}
      and not exists (
        select 1 from appointments b
        where b.user_id = ${q.userId} and b.patient_phone = d.patient_phone and b.status = 'booked' and b.starts_at > ${now}::timestamptz
      )
      and not exists (
        select 1 from recall_texts t
        where t.user_id = ${q.userId} and t.phone = d.patient_phone and lower(t.service) = lower(d.service) and t.sent_at >= d.starts_at
      )
    order by d.due_on, d.patient_phone, d.service
    limit ${q.limit}`);
  return Array.from(rows).map((r) => ({
    appointmentId: r.appointment_id,
    phone: r.phone,
    name: r.name,
    service: r.service,
    language: r.language,
    lastVisit: r.last_visit,
    dueOn: r.due_on,
    optedOut: r.opted_out,
  }));
}
