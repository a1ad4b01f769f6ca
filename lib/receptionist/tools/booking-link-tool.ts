// text_booking_link: a caller the receptionist could not book (no time suited, a bad line, they would rather choose
// on their own) is texted the practice's booking page, in the call's language, once per call. Offered only while the
// owner has the page on (the assistant lists the tool then); a number that opted out of texts is told so, not texted.
import { and, eq } from "drizzle-orm";
import { calls } from "@/db/schema";
import { callLanguage, type Business, type CallLanguage } from "@/lib/accounts/business/business";
import type { BookingDeps } from "@/lib/scheduling/booking/core";
import { countryOfBusiness, formatPhone } from "@/lib/platform/phone/phone";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { enabledBookingPage, enabledBookingSlug } from "@/lib/booking-page/link";
import { callerPhone } from "./caller-phone";
import { given } from "./params";
import { answer, defineTool } from "./tool";

export const textBookingLinkTool = defineTool({
  name: "text_booking_link",
  spokenKey: "textingLink",
  offered: (b, o) => o.canBook && b.line !== null && o.bookingPage,
  params: (_, p) => ({ phone: p.text("bookingLinkPhone", given, { example: p.example }), country: p.text("country", given) }),
  aliases: { phoneCountry: "country" },
  async run(ctx, say, args) {
    const { biz, deps } = ctx;
    if (!biz.entitled || !biz.line || !(await enabledBookingSlug(deps.db, biz.userId))) return answer(say("bookingLink.unavailable"));
    // The number the caller gave (in the country they named), else the one given earlier in the call, else the caller ID.
    const reading = await callerPhone(ctx, say, args, { keep: true, mobile: true });
    if ("ask" in reading) return answer(reading.ask);
    const to = reading.phone;
    if (!to) return answer(say("bookingLink.needsNumber"));
    if (await isOptedOut(deps.db, biz.userId, to, "sms")) return answer(say("bookingLink.optedOut"));
    await sendLink(deps, biz, ctx.providerCallId, to, ctx.language);
    const number = formatPhone(to, countryOfBusiness(biz));
    return answer(to === ctx.callerNumber ? say("bookingLink.sent") : say("bookingLink.sentTo", { number }));
  },
});

/** One text per call, whoever asks (the tool twice, the tool then the hang-up): the job and the sender are keyed by it. */
function sendLink(deps: BookingDeps, biz: Business, providerCallId: string, to: string, language: CallLanguage) {
  return deps.jobs.send(
    "booking-link-text",
    { userId: biz.userId, to, language, key: providerCallId },
    { singletonKey: `booking-link:${biz.userId}:${providerCallId}`, fairShare: biz.userId },
  );
}

const LANGUAGES: readonly string[] = ["en", "fr", "es"];

/**
 * A caller who wanted an appointment and hung up before one was booked never heard the offer of the link: when the owner
 * chose so (off by default: an unasked text tells whoever reads the phone that the practice was called), they are
 * texted it, in the call's language, while the page is on. Not after a call the receptionist ended (it offered, or the
 * caller said no), nor one that left a message or changed an appointment; the job checks the page and opt-outs again
 * when it sends.
 */
export async function linkAfterHangUp(
  deps: BookingDeps,
  biz: Business,
  providerCallId: string,
  caller: string | null,
  endedReason: string | null,
): Promise<void> {
  if (endedReason !== "customer-ended-call" || !caller || !biz.entitled || !biz.line) return;
  const [call] = await deps.db
    .select({ wanted: calls.wantedBooking, outcome: calls.outcome, language: calls.language })
    .from(calls)
    .where(and(eq(calls.userId, biz.userId), eq(calls.providerCallId, providerCallId)))
    .limit(1);
  if (!call?.wanted || call.outcome !== "no_action") return;
  if (!(await enabledBookingPage(deps.db, biz.userId))?.textAfterHangUp) return;
  const language = call.language && LANGUAGES.includes(call.language) ? (call.language as CallLanguage) : callLanguage(biz);
  await sendLink(deps, biz, providerCallId, caller, language);
}
