// The owner's waitlist: people waiting for an earlier appointment, with the days (and optionally the times and the
// service) they can come, offered freed slots in the order they joined (offers.ts). Every query is scoped by the owner.
// Numbers are kept in E.164, read in the business's country, as the YES that takes an offer arrives from them.
import { and, asc, count, desc, eq, gt, inArray, lt, or } from "drizzle-orm";
import type { Db } from "@/db/client";
import { users, waitlistEntries, waitlistOffers } from "@/db/schema";
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness, requirePhone } from "@/lib/platform/phone/phone";
import { localDate } from "@/lib/platform/time/zoned-time";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import { servicesNamed } from "@/lib/scheduling/practitioners/match";
import { MAX_WAITING, type AddWaitlistInput } from "./waitlist.schemas";
import type { WaitlistEntry } from "./waitlist.responses";

/** Entries no longer waiting (booked, or past their last day) stay listed this long, with what became of them. */
const DONE_SHOWN_MS = 30 * 24 * 60 * 60 * 1000;
/** Offers listed per entry: the latest. */
const OFFERS_SHOWN = 10;

type EntryRow = typeof waitlistEntries.$inferSelect;
type OfferRow = typeof waitlistOffers.$inferSelect;

/** The services an entry may name: the practice's, and those its practitioners list of their own. */
export function practiceServices(biz: Pick<Business, "services" | "practitioners">): string[] {
  return [...new Set([...biz.services, ...biz.practitioners.flatMap((p) => p.services.map((s) => s.name))])];
}

function toView(e: EntryRow, offers: OfferRow[], today: string, now: Date): WaitlistEntry {
  return {
    id: e.id,
    name: e.name,
    phone: e.phone,
    from: e.fromDate,
    to: e.toDate,
    service: e.service,
    times: e.times,
    language: e.language,
    channel: e.channel,
    source: e.source,
    // Past their last day, they wait for nothing more (the offers job skips them too).
    status: e.status === "waiting" && e.toDate < today ? "expired" : e.status,
    appointmentId: e.appointmentId,
    offers: offers.map((o) => ({
      id: o.id,
      startsAt: o.startsAt.toISOString(),
      // An open offer past its expiry is expired, whether or not the sweep has marked it yet.
      status: o.status === "open" && o.expiresAt <= now ? "expired" : o.status,
      expiresAt: o.expiresAt.toISOString(),
      appointmentId: o.appointmentId,
      createdAt: o.createdAt.toISOString(),
    })),
    createdAt: e.createdAt.toISOString(),
  };
}

/** Who is waiting, in the order they joined, with the offers they were sent; those done lately after them. */
export async function listWaitlist(db: Db, userId: string, now = new Date()) {
  const biz = await loadBusiness(db, userId, now);
  if (!biz) throw new AppError("unauthorized", "unauthorized");
  const rows = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, userId),
        or(eq(waitlistEntries.status, "waiting"), gt(waitlistEntries.updatedAt, new Date(now.getTime() - DONE_SHOWN_MS))),
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt))
    .limit(MAX_WAITING * 2);
  const offers = rows.length
    ? await db
        .select()
        .from(waitlistOffers)
        .where(
          and(
            eq(waitlistOffers.userId, userId),
            inArray(
              waitlistOffers.entryId,
              rows.map((r) => r.id),
            ),
          ),
        )
        .orderBy(desc(waitlistOffers.createdAt))
    : [];
  const today = localDate(now, biz.timeZone);
  const ofEntry = (id: string) => offers.filter((o) => o.entryId === id).slice(0, OFFERS_SHOWN);
  const views = rows.map((r) => toView(r, ofEntry(r.id), today, now));
  // Waiting first (in the order they joined, the order offers go in), then the others.
  const waiting = views.filter((v) => v.status === "waiting");
  return { entries: [...waiting, ...views.filter((v) => v.status !== "waiting")], services: practiceServices(biz), timeZone: biz.timeZone };
}

export type AddOptions = {
  source: "dashboard" | "phone";
  callId?: string | null;
  /**
   * The same number already waiting: refused (the owner sees the list), or its days, times and service replaced (a
   * caller asking again says what they want now).
   */
  onSame: "refuse" | "replace";
  now?: Date;
};

/**
 * Adds someone: a number read in the business's country, days not already past in its time zone, a service of the
 * practice's (as the practice names it). 409 when the list is full or (for the owner) the number is already waiting.
 */
export async function addToWaitlist(db: Db, biz: Business, input: AddWaitlistInput, opts: AddOptions): Promise<WaitlistEntry> {
  const now = opts.now ?? new Date();
  const phone = requirePhone(input.phone, countryOfBusiness(biz), "phone")!;
  const today = localDate(now, biz.timeZone);
  if (input.to < today) throw new AppError("bad_request", "waitlistPast", { today });
  let service: string | null = null;
  if (input.service) {
    const named = servicesNamed(practiceServices(biz), input.service, (s) => s);
    if (named.length !== 1) throw new AppError("bad_request", "waitlistServiceUnknown");
    service = named[0]!;
  }
  const values = {
    name: input.name,
    phone,
    // A first day already past is today: the days before it can no longer be offered anyway.
    fromDate: input.from < today ? today : input.from,
    toDate: input.to,
    service,
    times: input.times,
    language: input.language ?? biz.locale,
    channel: input.channel ?? "sms",
  };
  const row = await db.transaction(async (tx) => {
    // The owner's row locked first, so two additions at once count each other and the limit holds.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, biz.userId)).for("no key update");
    // Entries past their last day wait for nothing more: marked expired here, they are neither the number "already
    // waiting" nor counted toward the limit, and a person added again joins the end of the line like anyone new (an old
    // entry revived in place would keep the place it took weeks ago).
    await tx
      .update(waitlistEntries)
      .set({ status: "expired", updatedAt: now })
      .where(and(eq(waitlistEntries.userId, biz.userId), eq(waitlistEntries.status, "waiting"), lt(waitlistEntries.toDate, today)));
    const [same] = await tx
      .select({ id: waitlistEntries.id })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.userId, biz.userId), eq(waitlistEntries.phone, phone), eq(waitlistEntries.status, "waiting")))
      .limit(1);
    if (same && opts.onSame === "refuse") throw new AppError("conflict", "waitlistAlreadyWaiting");
    if (same) {
      const [updated] = await tx
        .update(waitlistEntries)
        .set({ ...values, updatedAt: now })
        .where(eq(waitlistEntries.id, same.id))
        .returning();
      return updated!;
    }
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.userId, biz.userId), eq(waitlistEntries.status, "waiting")));
    if (n >= MAX_WAITING) throw new AppError("conflict", "waitlistFull", { max: MAX_WAITING });
    const [inserted] = await tx
      .insert(waitlistEntries)
      .values({ ...values, userId: biz.userId, source: opts.source, callId: opts.callId ?? null })
      .returning();
    return inserted!;
  });
  return toView(row, [], today, now);
}

/** The owner's addition (POST /api/waitlist). */
export async function addByOwner(db: Db, userId: string, input: AddWaitlistInput): Promise<WaitlistEntry> {
  const biz = await loadBusiness(db, userId);
  if (!biz) throw new AppError("unauthorized", "unauthorized");
  return addToWaitlist(db, biz, input, { source: "dashboard", onSame: "refuse" });
}

/** Removes someone, with their offers (an open one can no longer be taken); another owner's id is unknown (404). */
export async function removeFromWaitlist(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db
    .delete(waitlistEntries)
    .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.userId, userId)))
    .returning({ id: waitlistEntries.id });
  if (!removed.length) throw new AppError("not_found", "waitlistEntryNotFound");
}
