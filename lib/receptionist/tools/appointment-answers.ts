// What a caller hears after a booking or a move: where the confirmation goes, or why it was refused and the closest
// free times.
import { countryOfBusiness, formatPhone } from "@/lib/platform/phone/phone";
import { textRefusal } from "@/lib/platform/phone/number-kinds";
import type { Appointment } from "@/lib/scheduling/booking/core";
import type { Refusal } from "@/lib/scheduling/booking/commands";
import type { Interval } from "@/lib/scheduling/availability/availability";
import { isOptedOut } from "@/lib/messaging/delivery/opt-outs";
import { phoneChannels } from "@/lib/messaging/notifications/channels";
import { speakList, speakSlot, type Say } from "../speech/speech";
import { whyNotBookable } from "./availability-answer";
import type { ToolContext } from "./context";
import { dayIsFull } from "./full-day";
import type { Who } from "./practitioner-choice";
import { offerTimes, sentence, spoken, type ToolReply } from "./replies";

/**
 * Where the confirmation goes, as the caller must hear it: by the phone channels it really goes by (the one the caller
 * asked for, else the business's default; from the business's line, to a number that has not opted out of it), by email
 * when one was given; the number named when it is not the one they ring from.
 */
export async function confirmationWords(ctx: ToolContext, say: Say, a: Appointment): Promise<string> {
  const channels: string[] = [];
  // A number that takes no text (a landline) is never texted: the caller is not promised one.
  const noText = a.patientPhone !== null && textRefusal(a.patientPhone) !== null;
  if (a.patientPhone && ctx.biz.line && !noText) {
    for (const channel of phoneChannels(a.notifyChannel, ctx.biz.confirmationChannel)) {
      if (!(await isOptedOut(ctx.deps.db, ctx.biz.userId, a.patientPhone, channel))) channels.push(say(`channels.${channel}`));
    }
  }
  if (a.patientEmail) channels.push(say("channels.email"));
  if (!channels.length) return say(noText ? "confirmationNoText" : "confirmationNone");
  const by = speakList(channels, ctx.language, "conjunction");
  if (a.patientPhone && a.patientPhone !== ctx.callerNumber) {
    return say("confirmationTo", { number: formatPhone(a.patientPhone, countryOfBusiness(ctx.biz)), channels: by });
  }
  return say("confirmationBy", { channels: by });
}

/**
 * A booking or a move the commands refused: why (closed that day, outside the hours, taken a moment ago, not free; the
 * day fully booked when nothing is left on it), and the closest free times, each with its day.
 */
export async function refusal(
  ctx: ToolContext,
  say: Say,
  reason: Refusal,
  start: Date,
  alternatives: Interval[],
  who: Who = {},
  service: string | null = null,
): Promise<ToolReply> {
  const { biz, language } = ctx;
  // Why, on the week and days away of the practitioner asked for; full or not for the service's own length.
  const asked = biz.practitioners.find((p) => p.id === who.only?.[0]);
  const full = await dayIsFull(ctx.deps, biz, start, who.only, service);
  const why =
    reason === "taken"
      ? [say("slotTaken"), whyNotBookable(biz, language, start, asked, full)].filter(Boolean).join(" ")
      : (whyNotBookable(biz, language, start, asked, full) ??
        sentence(say("availability.notFree", { slot: speakSlot(start, language, biz.timeZone) })));
  if (!alternatives.length) return spoken(`${why} ${say("nothingClose")}`);
  const offered = offerTimes(
    alternatives.map((s) => s.start),
    language,
    biz.timeZone,
  );
  return { say: `${why} ${sentence(say("availability.closest", { offers: offered.words }))}`, slots: offered.slots };
}
