// add_to_waitlist: a caller for whom no free time suits, who would like an earlier one, goes on the practice's waiting
// list (lib/waitlist) with the days they can come and, if they said so, the part of the day. The answer names
// those days in words (a small voice model reads it as it is) and says how a freed time reaches them.
import { AppError } from "@/lib/platform/errors";
import { countryOfBusiness, formatPhone } from "@/lib/platform/phone/phone";
import { isCalendarDate } from "@/lib/platform/time/zoned-time";
import { addToWaitlist } from "@/lib/waitlist/waitlist.service";
import { MAX_WAITLIST_DAYS } from "@/lib/waitlist/waitlist.schemas";
import { ensureCall } from "../calls/call-log";
import { speakDate } from "../speech/speech";
import { addDays, daysBetween, localToday, readWhen, speakCalendarDay, unreadableWords } from "../speech/when";
import { PART_MINUTES, PARTS_OF_DAY, readPartOfDay } from "./parts-of-day";
import { serviceAsked } from "./practitioner-choice";
import { callerPhone } from "./caller-phone";
import { stillNeeded, text } from "./context";
import { given, needed, offeredIf, said, words } from "./params";
import { answer, defineTool } from "./tool";

/** A day as the tool takes it (YYYY-MM-DD, a one-digit month or day padded), or null. */
function day(v: string | undefined): string | null {
  const raw = text(v, 20);
  const iso = raw?.replace(
    /^(\d{4})-(\d{1,2})-(\d{1,2})$/,
    (_, y: string, m: string, d: string) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`,
  );
  return iso && isCalendarDate(iso) ? iso : null;
}

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export const addToWaitlistTool = defineTool({
  name: "add_to_waitlist",
  spokenKey: "waitlisting",
  // Offers are texted from the business's line, by a business that books.
  entitled: true,
  offered: (b, o) => o.canBook && b.line !== null,
  params: (b, p) => ({
    name: needed(p.text("name", words(120))),
    firstDay: needed(p.date("firstDay")),
    lastDay: p.date("lastDay", {}),
    partOfDay: p.choice(PARTS_OF_DAY, (v) => readPartOfDay(v) ?? undefined, "partOfDay"),
    phone: p.text("waitlistPhone", given, { example: p.example }),
    country: p.text("country", given),
    service: offeredIf(
      b.practitioners.some((x) => x.services.length > 0),
      p.text("service", said),
    ),
    reason: p.unoffered(said),
  }),
  aliases: {
    patientName: "name",
    from: "firstDay",
    date: "firstDay",
    to: "lastDay",
    part_of_day: "partOfDay",
    phoneNumber: "phone",
    phoneCountry: "country",
  },
  async run(ctx, say, args) {
    const { biz, language } = ctx;
    if (!biz.line) return answer(say("waitlist.unavailable"));
    const name = args.name;
    const now = ctx.deps.now ? ctx.deps.now() : new Date();
    const today = localToday(now, biz.timeZone);
    // "Le 31 février" is said not to exist, not asked for again as if it had not been given.
    for (const given of [args.firstDay, args.lastDay]) {
      const { unreadable } = readWhen({ date: given });
      if (unreadable && typeof unreadable === "object") return answer(unreadableWords(unreadable, language, today));
    }
    const first = day(args.firstDay);
    const last = day(args.lastDay) ?? first;
    const missing = [!name && "name", !first && "date"].filter(Boolean) as string[];
    if (missing.length) return answer(stillNeeded(ctx, say, missing));
    const reading = await callerPhone(ctx, say, args, { keep: true, mobile: true });
    if ("ask" in reading) return answer(reading.ask);
    const { phone } = reading;
    if (!phone) return answer(say("waitlist.needsPhone"));
    // Days said the other way round are still the days meant.
    const [from, to] = first! <= last! ? [first!, last!] : [last!, first!];
    if (to < today) return answer(say("waitlist.past", { today: speakCalendarDay(today, language) }));
    const end = daysBetween(from, to) + 1 > MAX_WAITLIST_DAYS ? addDays(from, MAX_WAITLIST_DAYS - 1) : to;
    const what = await serviceAsked(ctx, say, args, {});
    if ("reply" in what) return answer(what.reply);
    const part = args.partOfDay ?? null;
    const [lo, hi] = part ? PART_MINUTES[language][part] : [0, 0];
    let entry;
    try {
      entry = await addToWaitlist(
        ctx.deps.db,
        biz,
        {
          name: name!,
          phone,
          from,
          to: end,
          service: what.service,
          // The last minute of the day stands for its end: a window's end is a time of that day.
          times: part ? [{ from: clock(lo), to: clock(Math.min(hi, 1439)) }] : null,
          language,
          channel: "sms",
        },
        { source: "phone", onSame: "replace", callId: await ensureCall(ctx.deps.db, ctx.providerCallId, biz.userId), now },
      );
    } catch (e) {
      if (e instanceof AppError && e.messageKey === "waitlistFull") return answer(say("waitlist.full"));
      throw e;
    }
    const days =
      entry.from === entry.to
        ? say("waitlist.addedDay", { name: entry.name, day: speakDate(entry.from, language) })
        : say("waitlist.addedDays", { name: entry.name, from: speakDate(entry.from, language), to: speakDate(entry.to, language) });
    const when = part ? say("waitlist.part", { part: say(`parts.${part}`) }) : "";
    const where =
      phone === ctx.callerNumber
        ? say("waitlist.toCaller")
        : say("waitlist.toNumber", { number: formatPhone(phone, countryOfBusiness(biz)) });
    return answer(`${days}${when}. ${say("waitlist.howOffered", { where })}`);
  },
});
