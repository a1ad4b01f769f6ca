// The practice's public booking page (/{locale}/b/{slug}): its services and people, the free times of a day from the
// same engine and closures a call hears, and a booking made only once the caller proved their number with a texted
// code. The booking goes through the booking commands as the "page" source (a caller's rules), so the confirmations,
// the calendar and the reminder follow as for any booking.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { bookingPages } from "@/db/schema";
import { isUniqueViolation } from "@/db/errors";
import { AppError } from "@/lib/platform/errors";
import type { LimitKey } from "@/lib/accounts/auth/rate-limit";
import { freeSlotsAmong, type Interval } from "@/lib/scheduling/availability/availability";
import {
  type BookingDeps,
  CalendarUnavailableError,
  clock,
  DAY_MS,
  daySummary,
  type DaySummary,
  openingOn,
  serviceLength,
} from "@/lib/scheduling/booking/core";
import { book } from "@/lib/scheduling/booking/commands";
import { agendaOf } from "@/lib/scheduling/booking/busy-time";
import { loadBusiness, type Business, type CallLanguage } from "@/lib/accounts/business/business";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { countryOfBusiness, countryOfPhone, requirePhone } from "@/lib/platform/phone/phone";
import { requireTextable } from "@/lib/platform/phone/number-kinds";
import { localDate, zonedWallTimeToUtc } from "@/lib/platform/time/zoned-time";
import { bookingPageUrl, PAGE_CODE_PREFIX } from "./link";
import { SLUG_PATTERN } from "./booking-page.schemas";
import { keyParam } from "@/lib/platform/message-param";
import { takePageCodeTurn } from "./code-limits";

/** A code texted for one visit of the page: the same store and limits as the codes a call texts. */
export type PageCall = { userId: string; providerCallId: string };
export type CodeCheck = { ok: true; phone: string } | { ok: false; reason: "none" | "wrong" | "tooMany" | "expired" };

/** The texted codes (the receptionist's, lib/receptionist/tools/identity.ts), given by the composition root. */
export type PageCodes = {
  send(call: PageCall, phone: string, language: CallLanguage): Promise<"sent" | "limit">;
  check(call: PageCall, code: string): Promise<CodeCheck>;
};

export type BookingPageDeps = BookingDeps & { codes: PageCodes; appUrl: string };

// ---- The owner's settings ----

export type BookingPageSettings = {
  enabled: boolean;
  slug: string | null;
  url: string | null;
  textAfterHangUp: boolean;
  ready: boolean;
};

/** Whether callers can book now: the page on, a live plan, a line to text codes from. */
function isReady(biz: Business | null, enabled: boolean): boolean {
  return enabled && !!biz?.entitled && !!biz.line;
}

export async function getBookingPage(deps: BookingPageDeps, userId: string): Promise<BookingPageSettings> {
  const [[row], biz] = await Promise.all([
    deps.db.select().from(bookingPages).where(eq(bookingPages.userId, userId)).limit(1),
    loadBusiness(deps.db, userId),
  ]);
  if (!row) return { enabled: false, slug: null, url: null, textAfterHangUp: false, ready: false };
  return {
    enabled: row.enabled,
    slug: row.slug,
    url: bookingPageUrl(deps.appUrl, biz?.locale ?? "en", row.slug),
    textAfterHangUp: row.textAfterHangUp,
    ready: isReady(biz, row.enabled),
  };
}

/** "Cabinet Dr Léa Martin" → "cabinet-dr-lea-martin": a slug from a name, cut to the slug's length. */
export function slugFrom(name: string): string {
  const s = name
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/g, "");
  return SLUG_PATTERN.test(s) ? s : "";
}

/**
 * Turns the page on or off, and sets its address. A page without a slug takes one from the business's name (with a
 * number after it when taken); a slug another practice has is refused with a 409, and nothing changes.
 */
export async function saveBookingPage(
  deps: BookingPageDeps,
  userId: string,
  input: { enabled: boolean; slug?: string; textAfterHangUp?: boolean },
): Promise<BookingPageSettings> {
  const [current] = await deps.db.select().from(bookingPages).where(eq(bookingPages.userId, userId)).limit(1);
  const biz = await loadBusiness(deps.db, userId);
  const asked = input.slug ?? current?.slug;
  const textAfterHangUp = input.textAfterHangUp ?? current?.textAfterHangUp ?? false;
  const candidates = asked ? [asked] : generatedSlugs(biz?.businessName ?? "", userId);
  for (const slug of candidates) {
    try {
      await deps.db
        .insert(bookingPages)
        .values({ userId, slug, enabled: input.enabled, textAfterHangUp })
        .onConflictDoUpdate({
          target: bookingPages.userId,
          set: { slug, enabled: input.enabled, textAfterHangUp, updatedAt: new Date() },
        });
      return getBookingPage(deps, userId);
    } catch (e) {
      if (!isUniqueViolation(e, "booking_pages_slug_unique")) throw e;
      if (asked) throw new AppError("conflict", "bookingPageSlugTaken", { slug });
    }
  }
  // Every name-based candidate taken: the account's own id cannot be.
  throw new AppError("conflict", "bookingPageSlugTaken", { slug: candidates[0] ?? "" });
}

/** The name's slug, then with 2..9 after it, then one from the account's id (unique by construction). */
function generatedSlugs(name: string, userId: string): string[] {
  const base = slugFrom(name).slice(0, 36).replace(/-+$/g, "");
  const own = `book-${userId.replace(/-/g, "").slice(0, 12)}`;
  if (!base) return [own];
  return [base, ...Array.from({ length: 8 }, (_, i) => `${base}-${i + 2}`), own];
}

// ---- The caller's side ----

type Opened = { biz: Business };

/** The page's business, or a 404 for an unknown slug and a page turned off (callers are told to call, by the page). */
async function openPage(deps: BookingPageDeps, slug: string): Promise<Opened> {
  const found = await pageBySlug(deps, slug);
  if (!found?.ready) throw new AppError("not_found", "bookingPageNotFound");
  return { biz: found.biz };
}

/** The page at this address and its business, and whether it takes bookings now; null for an address no page has. */
async function pageBySlug(deps: BookingPageDeps, slug: string): Promise<{ biz: Business; ready: boolean } | null> {
  // Checked before any query: an address no page can have (a NUL, a control character, anything the form refuses) is
  // simply unknown, on the page's own route as on the API's.
  const wanted = slug.toLowerCase();
  if (!SLUG_PATTERN.test(wanted)) return null;
  const [row] = await deps.db.select().from(bookingPages).where(eq(bookingPages.slug, wanted)).limit(1);
  const biz = row ? await loadBusiness(deps.db, row.userId, clock(deps)) : null;
  return row && biz ? { biz, ready: isReady(biz, row.enabled) } : null;
}

/** Whether the page can take bookings now, for the server-rendered page (no error: it says so itself). */
export async function bookingPageState(
  deps: BookingPageDeps,
  slug: string,
): Promise<
  { state: "open"; view: BookingPageView } | { state: "closed"; businessName: string; phone: string | null; country: string } | null
> {
  const found = await pageBySlug(deps, slug);
  if (!found) return null;
  const { biz } = found;
  if (!found.ready)
    return { state: "closed", businessName: biz.businessName, phone: biz.line ?? biz.ownerPhone, country: countryOfBusiness(biz) };
  return { state: "open", view: viewOf(biz) };
}

export type BookingPageView = {
  businessName: string;
  businessPhone: string | null;
  businessAddress: string | null;
  country: string;
  timeZone: string;
  services: { name: string; durationMinutes: number }[];
  practitioners: { id: string; name: string; services: string[] }[];
  durationMinutes: number;
};

/** The services callers can pick: the practice's and its practitioners' own, each once, with its shortest length. */
function servicesOf(biz: Business): { name: string; durationMinutes: number }[] {
  const names = [...new Set([...biz.services, ...biz.practitioners.flatMap((p) => p.services.map((s) => s.name))])];
  return names.flatMap((name) => {
    const lengths = biz.practitioners.map((p) => serviceLength(biz, p, name)).filter((n): n is number => n !== null);
    return lengths.length ? [{ name, durationMinutes: Math.min(...lengths) }] : [];
  });
}

function viewOf(biz: Business): BookingPageView {
  const services = servicesOf(biz);
  return {
    businessName: biz.businessName,
    businessPhone: biz.line ?? biz.ownerPhone,
    businessAddress: biz.businessAddress,
    country: countryOfBusiness(biz),
    timeZone: biz.timeZone,
    services,
    practitioners:
      biz.practitioners.length < 2
        ? []
        : biz.practitioners.map((p) => ({
            id: p.id,
            name: practitionerToName(biz.practitioners, p.id) ?? "",
            services: services.filter((s) => serviceLength(biz, p, s.name) !== null).map((s) => s.name),
          })),
    durationMinutes: serviceLength(biz, biz.practitioners[0]!, null) ?? 30,
  };
}

export async function bookingPageView(deps: BookingPageDeps, slug: string): Promise<BookingPageView> {
  return viewOf((await openPage(deps, slug)).biz);
}

/** A service the page lists (its exact name), or a 400: a booking never carries words the practice did not write. */
function knownService(biz: Business, service: string | undefined): string | null {
  if (!service) return null;
  const found = servicesOf(biz).find((s) => s.name.toLowerCase() === service.toLowerCase());
  if (!found) throw new AppError("bad_request", "bookingPageServiceUnknown");
  return found.name;
}

function knownPractitioner(biz: Business, id: string | undefined): string | null {
  if (!id) return null;
  if (!biz.practitioners.some((p) => p.id === id)) throw new AppError("bad_request", "bookingPagePractitionerUnknown");
  return id;
}

export type BookingPageDay = {
  kind: "open" | "special" | "closure" | "weekly";
  reason: string | null;
  open: string | null;
  close: string | null;
};

/** The free starts of one day (the business's date) for the service and person asked, and why the day is open or not. */
export async function bookingPageSlots(
  deps: BookingPageDeps,
  slug: string,
  q: { date: string; service?: string; practitioner?: string },
): Promise<{ date: string; day: DaySummary; slots: Interval[] }> {
  const { biz } = await openPage(deps, slug);
  const service = knownService(biz, q.service);
  const practitionerId = knownPractitioner(biz, q.practitioner);
  const from = zonedWallTimeToUtc(q.date, "00:00", biz.timeZone);
  if (!from) throw new AppError("bad_request", "Validation.dateInvalid", { field: keyParam("Fields.date") });
  const to = new Date(from.getTime() + DAY_MS + 2 * 3_600_000); // a day of a DST change is 23 to 25 hours long
  const { seats, practitioners } = await agendaOf(deps, biz, from, to, { only: practitionerId ? [practitionerId] : undefined, service });
  const slots = seats.length ? freeSlotsAmong(seats, from, to).filter((s) => localDate(s.start, biz.timeZone) === q.date) : [];
  // With one person, their days; with anyone, the practice's (a day closed for one is still open with another).
  return { date: q.date, day: daySummary(openingOn(biz, q.date, practitionerId ? practitioners[0] : undefined)), slots };
}

// How far ahead the page looks for its first free day: a practice booked solid for longer opens on today and says so.
const FIRST_DAY_HORIZON_DAYS = 31;

/**
 * The day the page opens on: the first (the business's date) with a free time for the service and person asked, from
 * today; today when none is free within the horizon or the calendars cannot be read (the day then says why). A visitor
 * who lands on a closed Sunday or a full Monday sees Tuesday's times, not "closed that day".
 */
export async function bookingPageFirstDay(
  deps: BookingPageDeps,
  slug: string,
  q: { service?: string; practitioner?: string } = {},
): Promise<string> {
  const { biz } = await openPage(deps, slug);
  const now = clock(deps);
  const today = localDate(now, biz.timeZone);
  const service = knownService(biz, q.service);
  const practitionerId = knownPractitioner(biz, q.practitioner);
  try {
    const to = new Date(now.getTime() + FIRST_DAY_HORIZON_DAYS * DAY_MS);
    const { seats } = await agendaOf(deps, biz, now, to, { only: practitionerId ? [practitionerId] : undefined, service });
    const [first] = seats.length ? freeSlotsAmong(seats, now, to, 1) : [];
    return first ? localDate(first.start, biz.timeZone) : today;
  } catch (e) {
    if (!(e instanceof CalendarUnavailableError)) throw e;
    return today;
  }
}

/**
 * Texts a code to the number the caller typed; the answer names this visit, to send back with the code. The waits
 * between codes and the practice's daily cap are code-limits.ts's.
 */
export async function sendBookingCode(
  deps: BookingPageDeps,
  slug: string,
  phoneInput: string,
  language: CallLanguage,
  clientIp: string,
): Promise<{ verificationId: string; phone: string }> {
  const { biz } = await openPage(deps, slug);
  const country = countryOfBusiness(biz);
  const phone = requireTextable(requirePhone(phoneInput, country)!, {
    field: keyParam("Fields.phone"),
    // The practice's line only: an owner trying their own page with their own mobile gets a code like anyone.
    ownLines: [biz.line],
  });
  // Texts abroad are where SMS fraud pays (premium numbers): this page texts the practice's own country only.
  if (countryOfPhone(phone) !== country)
    throw new AppError("bad_request", "bookingPageForeignNumber", {
      country: new Intl.DisplayNames([language], { type: "region" }).of(country) ?? country,
    });
  await takePageCodeTurn(deps, biz.userId, clientIp, phone);
  const verificationId = randomUUID();
  const sent = await deps.codes.send({ userId: biz.userId, providerCallId: `${PAGE_CODE_PREFIX}${verificationId}` }, phone, language);
  if (sent === "limit") throw new AppError("rate_limited", "bookingPageCodeLimit");
  return { verificationId, phone };
}

export type PageBooking = {
  startsAt: string;
  endsAt: string;
  practitioner: string | null;
  service: string | null;
  businessName: string;
  timeZone: string;
};

/**
 * Books once the code is right and was texted to the number booked with. One booking per visit (its key): sent twice,
 * the same booking answers; a time taken meanwhile is a 409, and the visit, its number proven, may pick another.
 */
export async function bookFromPage(
  deps: BookingPageDeps,
  slug: string,
  input: {
    verificationId: string;
    smsCode: string;
    name: string;
    phone: string;
    email?: string;
    start: Date;
    service?: string;
    practitionerId?: string;
    via?: "recall";
    callConsent?: boolean;
  },
  language: CallLanguage,
): Promise<PageBooking> {
  const { biz } = await openPage(deps, slug);
  const service = knownService(biz, input.service);
  const practitionerId = knownPractitioner(biz, input.practitionerId);
  const phone = requirePhone(input.phone, countryOfBusiness(biz))!;
  const call = { userId: biz.userId, providerCallId: `${PAGE_CODE_PREFIX}${input.verificationId}` };
  const checked = await deps.codes.check(call, input.smsCode);
  if (!checked.ok) throw new AppError(checked.reason === "tooMany" ? "rate_limited" : "bad_request", CODE_REFUSALS[checked.reason]);
  // The code proves one number: the booking is made with that one, not another typed afterwards.
  if (checked.phone !== phone) throw new AppError("bad_request", "bookingPageCodeOtherPhone");
  const outcome = await book(deps, biz, {
    source: input.via === "recall" ? "recall" : "page",
    start: input.start,
    patientName: input.name,
    patientPhone: phone,
    patientEmail: input.email || null,
    reason: service,
    service,
    practitionerId,
    language,
    bookingKey: call.providerCallId,
    callConsent: input.callConsent === true,
  });
  if (!outcome.ok) throw new AppError("conflict", outcome.reason === "taken" ? "bookingPageSlotTaken" : "bookingPageSlotUnavailable");
  const a = outcome.appointment;
  return {
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    practitioner: practitionerToName(biz.practitioners, a.practitionerId),
    service: a.service,
    businessName: biz.businessName,
    timeZone: biz.timeZone,
  };
}

const CODE_REFUSALS: Record<Exclude<CodeCheck, { ok: true }>["reason"], string> = {
  none: "bookingPageCodeWrong",
  wrong: "bookingPageCodeWrong",
  expired: "bookingPageCodeExpired",
  tooMany: "bookingPageCodeTooMany",
};

/** Requests to booking pages per client address per hour: a few visits' worth, not a scan. */
export const BOOKING_PAGE_LIMIT_PER_HOUR = 120;

export function bookingPageLimits(clientIp: string): LimitKey[] {
  return [{ key: `booking-page:ip:${clientIp}`, max: BOOKING_PAGE_LIMIT_PER_HOUR, windowMs: 3_600_000, messageKey: "tooManySelfService" }];
}
