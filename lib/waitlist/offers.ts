// Freed slots offered to the waitlist, and the YES that takes one. A cancellation or a move, by any path, enqueues the
// freed slot (lib/scheduling/booking/follow-ups.ts); the job finds who is waiting for it, in the order they joined, and
// texts the first few. Their answers arrive as texts (lib/messaging/inbox/inbound.ts): the first YES takes the slot
// inside the text's own transaction, under a lock on every offer of that slot, so two YES in the same second make one
// winner; the booking itself follows through the booking commands, and everyone else offered it is told it is gone.
import { and, asc, count, desc, eq, gt, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { waitlistEntries, waitlistOffers } from "@/db/schema";
import { type JobData, type JobQueue } from "@/lib/platform/jobs/queue";
import { loadBusiness } from "@/lib/accounts/business/business";
import { seatsFreeAt } from "@/lib/scheduling/availability/availability";
import { DAY_MS, MIN_NOTICE_MINUTES, clock, serviceLength, type BookingDeps } from "@/lib/scheduling/booking/core";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { book } from "@/lib/scheduling/booking/commands";
import { offerSendTime, suits, wallClock } from "./matching";

/** People offered one slot at a time: the first few in line, so the slot goes fast without texting the whole list. */
export const OFFERS_PER_SLOT = 3;
/** How long an offer waits for its YES; never past the slot's own start minus the booking notice. */
export const OFFER_TTL_MS = 2 * 60 * 60 * 1000;
/** An offer that would leave less than this to answer is not sent: nobody could take it in time. */
const MIN_ANSWER_MS = 15 * 60 * 1000;
/** A YES this long after an offer that is over (gone, expired) still answers it ("sorry, already taken"). */
const ANSWER_WINDOW_MS = 12 * 60 * 60 * 1000;
/** A YES this soon after one that took a slot is that YES again (typed twice, or before the confirmation came). */
const REPEAT_YES_MS = 15 * 60 * 1000;
/** Waiting entries read for one slot: the first in line are the ones offered. */
const CANDIDATES_READ = 200;

/** Every offer of one slot shares it: who with, and when. */
export function slotKeyOf(practitionerId: string, start: Date): string {
  return `${practitionerId}:${start.toISOString()}`;
}

/**
 * A freed slot (or the sweep when its offers expire): the open offers past their expiry are marked expired, then, while
 * the slot is still free and still one a caller could book, the next people waiting for it (their days, times and a
 * service this practitioner offers; a number that opted out of the channel never) are offered it, up to OFFERS_PER_SLOT
 * open at once. One open offer a person: a YES names no slot. A sweep is queued for when these offers expire, which
 * offers it to the next in line. Outside OFFER_HOURS the job comes back at the next 08:00, and the offers' time to
 * answer counts from then.
 */
export async function offerFreedSlot(deps: BookingDeps, data: JobData["waitlist-slot"]): Promise<void> {
  const now = clock(deps);
  const start = new Date(data.startsAt);
  const key = slotKeyOf(data.practitionerId, start);
  await deps.db
    .update(waitlistOffers)
    .set({ status: "expired", updatedAt: now })
    .where(
      and(
        eq(waitlistOffers.userId, data.userId),
        eq(waitlistOffers.slotKey, key),
        eq(waitlistOffers.status, "open"),
        lte(waitlistOffers.expiresAt, now),
      ),
    );
  const latest = start.getTime() - MIN_NOTICE_MINUTES * 60_000;
  if (latest - now.getTime() < MIN_ANSWER_MS) return;
  const biz = await loadBusiness(deps.db, data.userId, now);
  // Texts go from the business's own line, and only for a business that books.
  if (!biz?.line || !biz.entitled) return;
  const sendAt = offerSendTime(now, biz.timeZone);
  if (sendAt > now) {
    // A slot at 08:30 is not worth a text at 08:00 (it must be booked an hour ahead): dropped rather than queued.
    if (latest - sendAt.getTime() >= MIN_ANSWER_MS) await deps.jobs.send("waitlist-slot", data, { startAfter: sendAt });
    return;
  }
  const p = biz.practitioners.find((x) => x.id === data.practitionerId);
  if (!p) return;
  const day = wallClock(start, biz.timeZone).date;
  const waiting = await deps.db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.userId, biz.userId),
        eq(waitlistEntries.status, "waiting"),
        lte(waitlistEntries.fromDate, day),
        gte(waitlistEntries.toDate, day),
        // An offer to a number that opted out would never be texted, yet hold one of the slot's places until it expires.
        // Read in SQL: the opt-outs are messaging's, which scheduling does not import.
        sql`not exists (select 1 from opt_outs o where o.user_id = ${waitlistEntries.userId} and o.phone = ${waitlistEntries.phone} and o.channel = ${waitlistEntries.channel})`,
      ),
    )
    .orderBy(asc(waitlistEntries.createdAt), asc(waitlistEntries.id))
    .limit(CANDIDATES_READ);
  if (!waiting.length) return;
  // Read here to spare the calendar a read when nobody is left to offer; read again under the lock below, which decides.
  const first = await offersHeld(deps.db, biz.userId, key, waiting, now);
  if (first.slotTaken) return;
  const candidates = waiting.flatMap((e) => {
    const minutes = first.busy.has(e.id) ? null : serviceLength(biz, p, e.service);
    if (minutes === null || !suits(e, start, new Date(start.getTime() + minutes * 60_000), biz.timeZone)) return [];
    return [{ entry: e, minutes }];
  });
  if (!candidates.length) return;
  // Still free with this practitioner, and a start the booking commands would take from a text (on the grid, in the
  // hours, with notice): the calendar read fresh, as the booking will.
  const longest = Math.max(...candidates.map((c) => c.minutes));
  const agenda = await agendaOf(deps, biz, new Date(start.getTime() - DAY_MS), new Date(start.getTime() + longest * 60_000 + DAY_MS), {
    fresh: true,
    only: [p.id],
  });
  const seat = agenda.seats[0];
  if (!seat) return;
  const free = candidates.filter((c) => seatsFreeAt([{ ...seat, durationMinutes: c.minutes }], start).length > 0);
  if (!free.length) return;
  const expiresAt = new Date(Math.min(now.getTime() + OFFER_TTL_MS, latest));
  await deps.jobs.ready();
  await deps.db.transaction(async (tx) => {
    // One job at a time per practice, whichever slot and worker process: each reads the offers the others made, so a
    // person holds one open offer (a YES names no slot) and a slot freed twice is offered OFFERS_PER_SLOT times, not six.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`waitlist-offers:${biz.userId}`}, 0))`);
    const held = await offersHeld(
      tx,
      biz.userId,
      key,
      free.map((c) => c.entry),
      now,
    );
    if (held.slotTaken) return;
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(waitlistOffers)
      .where(
        and(
          eq(waitlistOffers.userId, biz.userId),
          eq(waitlistOffers.slotKey, key),
          eq(waitlistOffers.status, "open"),
          gt(waitlistOffers.expiresAt, now),
        ),
      );
    const chosen = free.filter((c) => !held.busy.has(c.entry.id)).slice(0, Math.max(0, OFFERS_PER_SLOT - n));
    if (!chosen.length) return;
    const rows = await tx
      .insert(waitlistOffers)
      .values(
        chosen.map((c) => ({
          userId: biz.userId,
          entryId: c.entry.id,
          practitionerId: p.id,
          slotKey: key,
          startsAt: start,
          endsAt: new Date(start.getTime() + c.minutes * 60_000),
          expiresAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: waitlistOffers.id, entryId: waitlistOffers.entryId });
    for (const r of rows) {
      const channel = chosen.find((c) => c.entry.id === r.entryId)!.entry.channel;
      await deps.jobs.send(
        "waitlist-text",
        { offerId: r.id, kind: "offer", channel, answer: false, key: `offer:${r.id}` },
        { tx, fairShare: biz.userId },
      );
    }
    // When these expire, the next in line. Queued with the offers: a job retried after they committed finds them made
    // and offers nothing, so a sweep queued after the commit would be lost with the attempt that failed before it.
    if (rows.length) await deps.jobs.send("waitlist-slot", data, { tx, startAfter: new Date(expiresAt.getTime() + 1000) });
  });
}

/**
 * What the offers already made say of these entries for the slot `key`: whether someone's YES took it (being booked:
 * the slot is theirs unless the booking is refused, which tells everyone it is gone), and who may not be offered it
 * (offered it once already, or holding an open offer of another slot).
 */
async function offersHeld(
  db: Db | Tx,
  userId: string,
  key: string,
  entries: { id: string }[],
  now: Date,
): Promise<{ slotTaken: boolean; busy: Set<string> }> {
  const offered = await db
    .select({
      entryId: waitlistOffers.entryId,
      slotKey: waitlistOffers.slotKey,
      status: waitlistOffers.status,
      expiresAt: waitlistOffers.expiresAt,
    })
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.userId, userId),
        inArray(
          waitlistOffers.entryId,
          entries.map((e) => e.id),
        ),
      ),
    );
  const open = (o: (typeof offered)[number]) => o.status === "open" && o.expiresAt > now;
  return {
    slotTaken: offered.some((o) => o.slotKey === key && o.status === "taken"),
    busy: new Set(offered.filter((o) => o.slotKey === key || open(o)).map((o) => o.entryId)),
  };
}

/** What a YES did to an offer: took the slot, or was told it is gone or expired. */
export type OfferAnswer = "taken" | "gone" | "expired";

/**
 * A YES from `phone` to the business, inside the inbound text's transaction: null when it answers no offer, and the
 * text means what it means elsewhere. It answers the offer when that is the latest question put to them: an offer open
 * (or just taken by their previous YES) made after any "reply YES to cancel" still waiting (`askedAt`), else with no
 * such question one that is over in the last hours and whose slot is still to come ("sorry, already taken"). A YES
 * that answers a question asked after the offer cancels as asked, the offer left open.
 * Every offer of the slot is locked (in id order: two answers never lock crosswise), so of two YES at once the second
 * reads the first's "taken". The winner's booking and everyone's texts are jobs of the same transaction.
 */
export async function answerOffer(
  tx: Tx,
  jobs: JobQueue,
  text: { userId: string; phone: string; channel: "sms" | "whatsapp"; key: string; askedAt: Date | null },
  now: Date,
): Promise<OfferAnswer | null> {
  const justTaken = and(eq(waitlistOffers.status, "taken"), gt(waitlistOffers.updatedAt, new Date(now.getTime() - REPEAT_YES_MS)));
  const answerable = text.askedAt
    ? and(or(eq(waitlistOffers.status, "open"), justTaken), gt(waitlistOffers.createdAt, text.askedAt))
    : and(or(ne(waitlistOffers.status, "taken"), justTaken), gt(waitlistOffers.createdAt, new Date(now.getTime() - ANSWER_WINDOW_MS)));
  const [offer] = await tx
    .select({ id: waitlistOffers.id, slotKey: waitlistOffers.slotKey })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(and(eq(waitlistOffers.userId, text.userId), eq(waitlistEntries.phone, text.phone), gt(waitlistOffers.startsAt, now), answerable))
    // An open offer first; else the one their last YES took (this YES is that one again); else the latest that is over.
    .orderBy(sql`${waitlistOffers.status} = 'open' desc`, sql`${waitlistOffers.status} = 'taken' desc`, desc(waitlistOffers.createdAt))
    .limit(1);
  if (!offer) return null;
  const slot = await tx
    .select({ id: waitlistOffers.id, status: waitlistOffers.status, expiresAt: waitlistOffers.expiresAt })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.userId, text.userId), eq(waitlistOffers.slotKey, offer.slotKey)))
    .orderBy(asc(waitlistOffers.id))
    .for("update");
  const mine = slot.find((o) => o.id === offer.id);
  if (!mine) return null;
  // The same YES twice (sent twice, or two texts in a row): the first one took it.
  if (mine.status === "taken") return "taken";
  const answer = async (kind: "gone" | "expired") => {
    await jobs.send(
      "waitlist-text",
      { offerId: offer.id, kind, channel: text.channel, answer: true, key: `${text.key}:${kind}` },
      { tx, fairShare: text.userId },
    );
    return kind;
  };
  const setStatus = (ids: string[], status: "taken" | "gone" | "expired") =>
    tx.update(waitlistOffers).set({ status, updatedAt: now }).where(inArray(waitlistOffers.id, ids));
  if (mine.status === "open" && mine.expiresAt <= now) {
    await setStatus([mine.id], "expired");
    return answer("expired");
  }
  if (mine.status !== "open" || slot.some((o) => o.status === "taken")) {
    if (mine.status === "open") await setStatus([mine.id], "gone");
    return answer(mine.status === "expired" ? "expired" : "gone");
  }
  await setStatus([mine.id], "taken");
  const others = slot.filter((o) => o.id !== mine.id && o.status === "open").map((o) => o.id);
  if (others.length) await setStatus(others, "gone");
  await jobs.send("waitlist-take", { offerId: mine.id, channel: text.channel }, { tx });
  for (const id of others)
    await jobs.send("waitlist-text", { offerId: id, kind: "gone", answer: false, key: `gone:${id}` }, { tx, fairShare: text.userId });
  return "taken";
}

/**
 * The slot a YES took, booked through the booking commands as the waitlist's (exactly that slot, with that
 * practitioner, the calendar read fresh): the confirmation follows as for any booking, and the entry is booked. Refused
 * (someone booked it another way meanwhile): the offer is gone, and the person is told so. The booking key makes a
 * retried job the same booking.
 */
export async function bookTakenOffer(deps: BookingDeps, data: JobData["waitlist-take"]): Promise<void> {
  const row = await offerWithEntry(deps.db, data.offerId);
  if (!row || row.offer.status !== "taken" || row.offer.appointmentId) return;
  const { offer, entry } = row;
  const biz = await loadBusiness(deps.db, offer.userId);
  if (!biz) return;
  const outcome = await book(deps, biz, {
    source: "waitlist",
    start: offer.startsAt,
    practitionerId: offer.practitionerId,
    service: entry.service,
    patientName: entry.name,
    patientPhone: entry.phone,
    // Their confirmation and reminder go by the channel they chose to wait on, and by that one only.
    notifyChannel: entry.channel,
    patientEmail: null,
    reason: null,
    language: entry.language,
    bookingKey: `waitlist:${offer.id}`,
  });
  const now = clock(deps);
  if (outcome.ok) {
    const appointmentId = outcome.appointment.id;
    await deps.db.transaction(async (tx) => {
      await tx.update(waitlistOffers).set({ appointmentId, updatedAt: now }).where(eq(waitlistOffers.id, offer.id));
      await tx.update(waitlistEntries).set({ status: "booked", appointmentId, updatedAt: now }).where(eq(waitlistEntries.id, entry.id));
    });
    return;
  }
  await deps.db.update(waitlistOffers).set({ status: "gone", updatedAt: now }).where(eq(waitlistOffers.id, offer.id));
  await deps.jobs.send(
    "waitlist-text",
    {
      offerId: offer.id,
      kind: "gone",
      channel: data.channel,
      answer: true,
      key: `refused:${offer.id}`,
    },
    { fairShare: offer.userId },
  );
}

/** An offer and the waitlist entry it was made to (undefined once either is gone). */
export async function offerWithEntry(db: Pick<BookingDeps["db"], "select">, offerId: string) {
  const [row] = await db
    .select({ offer: waitlistOffers, entry: waitlistEntries })
    .from(waitlistOffers)
    .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistOffers.entryId))
    .where(eq(waitlistOffers.id, offerId))
    .limit(1);
  return row;
}
