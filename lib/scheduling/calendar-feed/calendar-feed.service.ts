// A private, revocable iCalendar address per practice and per practitioner, for calendar apps to subscribe to. The
// token in the address is 32 random bytes: it is found by its SHA-256 and kept sealed, so the owner is shown the same
// address each time until they ask for a new one (revoking deletes it; the old address stops at once). The feed lists
// the live appointments from 60 days back to a year ahead, titled and described as the practitioner's calendar event.
import { and, asc, eq, gte, isNull, lt } from "drizzle-orm";
import type { Db } from "@/db/client";
import { appointments, calendarFeeds, practitioners } from "@/db/schema";
import { loadBusiness, type Business } from "@/lib/accounts/business/business";
import type { SecretBox } from "@/lib/platform/crypto/secret-box";
import { randomToken, sha256 } from "@/lib/platform/crypto/tokens";
import { AppError } from "@/lib/platform/errors";
import { translate } from "@/lib/platform/i18n/translate";
import { DAY_MS } from "@/lib/scheduling/booking/core";
import { eventDescription, eventSummary } from "@/lib/scheduling/booking/calendar-sync";
import { feedIcs, type FeedEvent } from "./ics";

export type CalendarFeedDeps = { db: Db; secrets: SecretBox; appUrl: string; now?: () => Date };

/** How far back and ahead the feed lists appointments: recent history to look back on, and the year to come. */
export const PAST_DAYS = 60;
export const AHEAD_DAYS = 366;

/** 32 bytes in base64url: 43 characters. Anything else names no feed, and is refused before any query. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

const notFound = () => new AppError("not_found", "calendarFeedNotFound");

/** The feed's address: `.ics` at the end, which some calendar apps look for before they accept a subscription. */
export function calendarFeedUrl(appUrl: string, token: string): string {
  return `${appUrl}/api/calendar-feed/${token}.ics`;
}

/** Whose feed: the practice's (null) or one practitioner's. */
const whose = (userId: string, practitionerId: string | null) =>
  and(
    eq(calendarFeeds.userId, userId),
    practitionerId ? eq(calendarFeeds.practitionerId, practitionerId) : isNull(calendarFeeds.practitionerId),
  );

/**
 * The practice's feed address, or the practitioner's (one of the practice's, not removed; else a 404), made on the first
 * ask. Two first asks at once end with one address: the database keeps one row per practice and per practitioner, the
 * second insert does nothing, and both read the row that won.
 */
export async function getCalendarFeed(deps: CalendarFeedDeps, userId: string, practitionerId?: string): Promise<{ url: string }> {
  if (practitionerId) await requirePractitioner(deps.db, userId, practitionerId, { removed: false });
  const target = whose(userId, practitionerId ?? null);
  // A revoke between the insert and the read leaves nothing to read: ask once more.
  for (let attempt = 0; attempt < 3; attempt++) {
    const [row] = await deps.db.select({ tokenEnc: calendarFeeds.tokenEnc }).from(calendarFeeds).where(target).limit(1);
    if (row) return { url: calendarFeedUrl(deps.appUrl, deps.secrets.open(row.tokenEnc)) };
    const token = randomToken(32);
    await deps.db
      .insert(calendarFeeds)
      .values({ userId, practitionerId: practitionerId ?? null, tokenHash: sha256(token), tokenEnc: deps.secrets.seal(token) })
      .onConflictDoNothing();
  }
  throw new AppError("conflict", "calendarFeedBusy");
}

/**
 * Revokes the feed: its address stops at once, and the next ask makes a new one. Nothing to revoke is not an error; a
 * practitioner of another practice is a 404. A removed practitioner's feed can still be revoked.
 */
export async function revokeCalendarFeed(deps: Pick<CalendarFeedDeps, "db">, userId: string, practitionerId?: string): Promise<void> {
  if (practitionerId) await requirePractitioner(deps.db, userId, practitionerId, { removed: true });
  await deps.db.delete(calendarFeeds).where(whose(userId, practitionerId ?? null));
}

async function requirePractitioner(db: Db, userId: string, id: string, allow: { removed: boolean }): Promise<void> {
  const [row] = await db
    .select({ id: practitioners.id })
    .from(practitioners)
    .where(and(eq(practitioners.id, id), eq(practitioners.userId, userId), allow.removed ? undefined : isNull(practitioners.removedAt)))
    .limit(1);
  if (!row) throw new AppError("not_found", "practitionerNotFound");
}

/**
 * The feed behind a token (with or without ".ics"), as iCalendar text. An unknown or revoked token is a 404, and so is a
 * removed practitioner's feed. While the practice has no live plan (trial over, subscription ended, account closed) the
 * feed answers a calendar with no events: the apps subscribed to it then drop the appointments they copied, rather than
 * keep an export of callers' details that nothing updates any more. Listing resumes, at the same address, with the plan.
 */
export async function calendarFeedIcs(deps: Pick<CalendarFeedDeps, "db" | "appUrl" | "now">, rawToken: string): Promise<string> {
  const token = rawToken.toLowerCase().endsWith(".ics") ? rawToken.slice(0, -4) : rawToken;
  if (!TOKEN.test(token)) throw notFound();
  const [feed] = await deps.db
    .select({ userId: calendarFeeds.userId, practitionerId: calendarFeeds.practitionerId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, sha256(token)))
    .limit(1);
  if (!feed) throw notFound();
  const now = deps.now?.() ?? new Date();
  const biz = await loadBusiness(deps.db, feed.userId, now);
  if (!biz) throw notFound();
  const practitioner = feed.practitionerId ? biz.practitioners.find((p) => p.id === feed.practitionerId) : null;
  if (feed.practitionerId && !practitioner) throw notFound();
  const events = biz.entitled ? await feedEvents(deps, biz, feed.practitionerId, now) : [];
  return feedIcs({
    name: practitioner && biz.practitioners.length > 1 ? `${biz.businessName} – ${practitioner.name}` : biz.businessName,
    timeZone: biz.timeZone,
    now,
    events,
  });
}

async function feedEvents(
  deps: Pick<CalendarFeedDeps, "db" | "appUrl">,
  biz: Business,
  practitionerId: string | null,
  now: Date,
): Promise<FeedEvent[]> {
  const rows = await deps.db
    .select({
      id: appointments.id,
      practitionerId: appointments.practitionerId,
      startsAt: appointments.startsAt,
      endsAt: appointments.endsAt,
      version: appointments.version,
      updatedAt: appointments.updatedAt,
      source: appointments.source,
      patientName: appointments.patientName,
      patientPhone: appointments.patientPhone,
      patientEmail: appointments.patientEmail,
      reason: appointments.reason,
    })
    .from(appointments)
    .where(
      and(
        eq(appointments.userId, biz.userId),
        eq(appointments.status, "booked"),
        practitionerId ? eq(appointments.practitionerId, practitionerId) : undefined,
        gte(appointments.startsAt, new Date(now.getTime() - PAST_DAYS * DAY_MS)),
        lt(appointments.startsAt, new Date(now.getTime() + AHEAD_DAYS * DAY_MS)),
      ),
    )
    .orderBy(asc(appointments.startsAt));
  const host = new URL(deps.appUrl).host;
  // The practice's feed of a practice of several says who each appointment is with; a practitioner's own feed need not.
  const names = !practitionerId && biz.practitioners.length > 1 ? new Map(biz.practitioners.map((p) => [p.id, p.name])) : null;
  return rows.map((a) => {
    const withWhom = names?.get(a.practitionerId);
    const description = eventDescription(biz, a);
    return {
      uid: `${a.id}@${host}`,
      start: a.startsAt,
      end: a.endsAt,
      sequence: a.version,
      lastModified: a.updatedAt,
      summary: eventSummary(biz, a),
      description: withWhom ? `${description}\n${translate(biz.locale, "CalendarEvent.practitioner", { name: withWhom })}` : description,
    };
  });
}
