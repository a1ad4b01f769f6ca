// The assistant for one call, built per call from the business's settings, so an owner's change applies to the next
// call without any sync. This is our own definition (what the assistant says, knows, can do and sounds like); the
// voice platform's adapter (lib/vendors/vapi/assistant.ts) maps it to the platform's format and adds the platform's
// tuning. Every word of it is in the call's language (messages/*.json, "Receptionist"): a model told in English to
// speak French answers in an English speaker's French.
//
// The instructions are written for a small, fast model that follows them in order and repeats what tools say: the
// emergency rule comes first and overrides the rest; every tool result carries the words the caller must hear, whole
// (lib/receptionist/tools/replies.ts), apart from what the model passes back.
import { countryOfBusiness, emergencyNumber, formatPhone, toE164 } from "@/lib/platform/phone/phone";
import { HORIZON_DAYS, MIN_NOTICE_MINUTES } from "@/lib/scheduling/booking/core";
import { durationFromSetting } from "@/lib/scheduling/availability/availability";
import { dayRanges } from "@/lib/accounts/account/working-hours";
import { callLanguage, type Business, type CallLanguage } from "@/lib/accounts/business/business";
import { translate } from "@/lib/platform/i18n/translate";
import { sayer, speakClock, speakDate, speakList, type Say } from "../speech/speech";
import { agentNameFor, voiceFor, type VoiceId } from "./voices";
import { entryLine, type CallKnowledge } from "@/lib/receptionist/knowledge/knowledge.service";
import { addDays, callCalendar, localToday } from "../speech/when";
import { ofBusiness, tradeOf, wordsFor } from "../speech/wording";
import { nextOpening, openingWords } from "../tools/opening";
import type { AssistantTool } from "../tools/definitions";
import { ownerBlock, ownerInline, ownerWords } from "../speech/owner-text";
import { toolDefinitions } from "./tool-definitions";
export type { AssistantTool, EndCallTool, FunctionTool, JsonSchema, TransferDestination, TransferTool } from "../tools/definitions";
import { transferFor } from "../routing/transfer";
import type { CallRouting } from "../routing/routing.service";

const CALL_LANGUAGES: CallLanguage[] = ["en", "fr", "es"];
const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
export type AssistantOptions = {
  callerNumber: string | null;
  recording?: boolean;
  /** The moment the call starts: the date, weekday and time the model is given. */
  now?: Date;
  /** The owner's answers, prices and policies for the call's language: whole in the instructions, or searched. */
  knowledge?: CallKnowledge;
  /** Who callers are put through to; left out, the business's own phone at any hour, cold. */
  routing?: CallRouting | null;
  /** The owner's booking page is on: a caller the call could not book may be texted its link. */
  bookingPage?: boolean;
};

/** At most `max` UTF-16 units, cut between grapheme clusters: an emoji or an accented letter is never split. */
export function truncateText(s: string, max: number): string {
  if (s.length <= max) return s;
  let out = "";
  for (const { segment } of new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(s)) {
    if (out.length + segment.length > max) break;
    out += segment;
  }
  return out.trimEnd();
}

// A greeting's own salutation, which the disclosure has already said: "Hello,", "Hi there!", "Allô", "¡Hola!",
// "Buenos días,". The punctuation after it goes too, but not an opening "¿" or "¡" of the next sentence.
const SALUTATION =
  /^\s*¡?(?:(?:hello|hi|hey)(?: there)?|good (?:morning|afternoon|evening)|bonjour|bonsoir|salut|all[oô]|hola|buen(?:os|as) (?:d[ií]as|tardes|noches)|buenas)(?=[\s\p{P}]|$)[\s,.!;:–—-]*/iu;

/**
 * One opening line: the disclosure (a virtual assistant; recorded when recording is on), which greets, then the owner's
 * greeting without its own salutation and without the business's name where it only repeats the disclosure's, in any
 * order: "Cabinet Martin, bonjour ! Que puis-je faire pour vous ?" → "… du Cabinet Martin. Que puis-je faire pour vous ?".
 */
export function openingLine(disclosure: string, greeting: string, businessName: string): string {
  const name = businessName.trim().toLowerCase();
  let rest = greeting.trim();
  for (let before = ""; before !== rest;) {
    before = rest;
    rest = rest.replace(SALUTATION, "");
    if (name && rest.toLowerCase().startsWith(name)) rest = rest.slice(name.length).replace(/^[\s,.!;:–—-]+/, "");
  }
  rest = rest.replace(/^([¡¿]?)(\p{Ll})/u, (_, mark: string, c: string) => mark + c.toUpperCase());
  return rest ? `${disclosure} ${rest}` : disclosure;
}

/**
 * The week's hours in the call's language: "lundi de 8 h 30 à 19 h ; …; dimanche fermé", each stretch of a day with a
 * break ("lunes de 9:00 a 14:00 y de 16:00 a 20:00"), so the model never offers a time in the lunch break.
 */
function hoursText(b: Business, language: CallLanguage, say: Say): string {
  const names = weekdayNames(language);
  return DAYS.map((d, i) => {
    const ranges = dayRanges(b.workingHours[d]);
    const spans = ranges.map((r) =>
      say("instructions.hoursSpan", { open: speakClock(r.openTime, language), close: speakClock(r.closeTime, language) }),
    );
    return ranges.length
      ? say("instructions.hoursOpen", { day: names[i]!, spans: speakList(spans, language, "conjunction") })
      : say("instructions.hoursClosed", { day: names[i]! });
  }).join("; ");
}

/** Monday to Sunday in the language: "Monday", "lundi", "lunes". */
function weekdayNames(language: CallLanguage): string[] {
  const f = new Intl.DateTimeFormat({ en: "en-US", fr: "fr-FR", es: "es-ES" }[language], { weekday: "long", timeZone: "UTC" });
  // 2024-01-01 was a Monday.
  return DAYS.map((_, i) => f.format(new Date(Date.UTC(2024, 0, 1 + i))));
}

/**
 * The calendar the model works from: without it, "tomorrow" or "next Tuesday" is a guess. Today's date, weekday and
 * local time, then today and the next 14 days with their weekdays, said in the call's language beside the ISO date the
 * tools take.
 */
function dateContext(b: Business, language: CallLanguage, now: Date, say: Say): string {
  const cal = callCalendar(now, b.timeZone, language, 14);
  const [today, tomorrow] = cal.days;
  const lines = cal.days.map((d, i) => {
    const label = i === 0 ? ` (${say("prompt.today")})` : i === 1 ? ` (${say("prompt.tomorrow")})` : "";
    return `- ${d.date} = ${d.spoken}${label}`;
  });
  return [
    say("prompt.now", { day: today!.spoken, time: speakClock(cal.time, language), zone: b.timeZone }),
    say("prompt.upcoming"),
    ...lines,
    say("instructions.dates", {
      tomorrow: tomorrow!.date,
      today: cal.today,
      notice: MIN_NOTICE_MINUTES,
      days: HORIZON_DAYS,
      last: addDays(cal.today, HORIZON_DAYS),
    }),
  ].join("\n");
}

/**
 * The closures and special hours within the booking horizon, with the reason the owner gave: the model can say why a day
 * is closed before it asks the calendar (which says so too).
 */
function closuresText(b: Business, language: CallLanguage, now: Date, say: Say): string | null {
  const today = localToday(now, b.timeZone);
  const last = addDays(today, HORIZON_DAYS);
  const ahead = b.closures.filter((c) => c.to >= today && c.from <= last).slice(0, 12);
  if (!ahead.length) return null;
  const items = ahead.map((c) => {
    const days =
      c.from === c.to
        ? speakDate(c.from, language)
        : say("instructions.closureRange", { from: speakDate(c.from, language), to: speakDate(c.to, language) });
    const because = c.reason ? ` (${ownerInline("reason", c.reason)})` : "";
    return c.openTime && c.closeTime
      ? say("instructions.closureSpecial", {
          days,
          open: speakClock(c.openTime, language),
          close: speakClock(c.closeTime, language),
          because,
        })
      : say("instructions.closureClosed", { days, because });
  });
  return say("instructions.closures", { items: items.join("; ") });
}

/**
 * At night or on a closed day: when the practice opens again, so a caller who wants a person hears when one can be
 * reached, and when to expect a call back for a message. Nothing while it is open.
 */
function closedNowText(b: Business, language: CallLanguage, now: Date, say: Say): string | null {
  const opening = nextOpening(b, now);
  if (opening.openNow) return null;
  if (!opening.at) return say("instructions.closedNowLong");
  return say("instructions.closedNow", openingWords(opening.at, language, b.timeZone));
}

/** How the instructions' line of the owner's entries begins, in the call's language (the stand-in reads the entries from it). */
export function knowledgeLead(language: CallLanguage): string {
  return sayer(language)("instructions.knowledge");
}

/** The owner's entries, whole, when they fit: the facts the model may state, in the owner's words. */
function knowledgeText(k: CallKnowledge, language: CallLanguage): string | null {
  if (k.mode !== "prompt") return null;
  return `${knowledgeLead(language)}: ${ownerInline("knowledge", k.entries.map((e) => entryLine(e, language)).join(" | "))}`;
}

/**
 * What the model may say about prices and policies: only what the owner wrote. A wrong price or an invented policy is
 * worse than "I don't know": that, and a message for the team, is the answer to anything the entries do not say; and
 * what they do not name is unknown, never refused.
 */
function knowledgeRule(k: CallKnowledge, say: Say): string {
  const lead =
    k.mode === "tool" ? "instructions.knowledgeTool" : k.mode === "prompt" ? "instructions.knowledgePrompt" : "instructions.knowledgeNone";
  return `${say(lead)} ${say("instructions.unknown")}`;
}

/** A practitioner as the instructions name them: with their own services and lengths, when they list some. */
function practitionerLine(p: Business["practitioners"][number]): string {
  return p.services.length ? `${p.name} (${p.services.map((s) => `${s.name} ${s.durationMinutes} min`).join(", ")})` : p.name;
}

/**
 * The system prompt: the emergency rule, the rule that the owner's words are facts (before any of them), who the
 * assistant is, the date, the business's facts (the owner's own text in marked blocks, owner-text.ts), then the rules.
 */
export function systemPrompt(
  b: Business,
  language: CallLanguage,
  callerNumber: string | null,
  canBook: boolean,
  now = new Date(),
  knowledge: CallKnowledge = { mode: "none" },
  transferLines: string[] = [],
  bookingPage = false,
): string {
  const say = sayer(language);
  const words = wordsFor(b);
  const trade = tradeOf(b);
  const country = countryOfBusiness(b);
  const others = CALL_LANGUAGES.filter((l) => l !== language);
  const businessType = b.businessType ? translate(language, `Options.businessTypes.${b.businessType}`) : null;
  const specialty = b.specialty ? translate(language, `Options.specialties.${b.specialty}`) : null;
  const lines = [
    say("instructions.emergency", { examples: say(`instructions.emergencyExamples.${trade}`), number: emergencyNumber(country) }),
    // A caller who says "it's urgent" is asked the trade's warning-sign question before being offered the earliest time.
    trade === "general" ? null : say("instructions.urgent", { question: say(`instructions.urgentQuestion.${trade}`) }),
    say("instructions.ownerText"),
    say("instructions.identity", {
      agent: ownerWords(agentNameFor(b, language)),
      assistant: say(`assistantNoun.${voiceFor(b, language).gender}`),
      ofBusiness: ofBusiness(ownerWords(b.businessName), language),
    }),
    say("instructions.language", {
      language: say(`languages.${language}`),
      others: speakList(
        others.map((l) => say(`languages.${l}`)),
        language,
      ),
      codes: speakList(others, language),
    }),
    say("instructions.style"),
    dateContext(b, language, now, say),
    businessType ? say("instructions.businessType", { type: specialty ? `${businessType} (${specialty})` : businessType }) : null,
    b.businessAddress ? say("instructions.address", { address: ownerInline("address", b.businessAddress) }) : null,
    b.services.length ? say("instructions.services", { services: ownerInline("services", b.services.join(", ")) }) : null,
    say("instructions.hours", { zone: b.timeZone, days: hoursText(b, language, say) }),
    closuresText(b, language, now, say),
    closedNowText(b, language, now, say),
    canBook ? say("instructions.duration", { minutes: durationFromSetting(b.appointmentDuration) }) : null,
    // A practice of one books with "us": no name to choose, nothing to say.
    canBook && b.practitioners.length > 1
      ? say("instructions.practitioners", { names: ownerInline("practitioners", b.practitioners.map(practitionerLine).join(", ")) })
      : null,
    canBook && b.practitioners.some((p) => p.services.length) ? say("instructions.serviceArg") : null,
    callerNumber ? say("instructions.callerId", { number: formatPhone(callerNumber, country) }) : say("instructions.callerHidden"),
    b.aiInstructions ? say("instructions.owner", { text: ownerBlock("instructions", b.aiInstructions) }) : null,
    knowledgeText(knowledge, language),
    say("instructions.results"),
  ];
  const categories = words.categories.map((c) => `${c}: ${say(`categories.${c}`)}`).join("; ");
  const rules = canBook
    ? [
        say("instructions.book"),
        say("instructions.check"),
        b.birthDateCheck ? say("instructions.birthDate") : null,
        // A reminder call needs the caller's consent, asked when it is booked.
        b.reminderCalls ? say("instructions.reminderConsent") : null,
        say("instructions.readBack"),
        say("instructions.refused"),
        // Nothing that suits, and an earlier time wanted: the waitlist, whose offers are texted from the line.
        b.line ? say("instructions.waitlist") : null,
        // A call that did not book: the booking page, where they can choose on their own, texted.
        bookingPage && b.line ? say("instructions.bookingLink") : null,
        say("instructions.changes"),
        say("instructions.verify"),
        b.birthDateCheck ? say("instructions.verifyIdentity") : null,
        say("instructions.message", { categories }),
        say("instructions.toolSentence"),
      ]
    : [say("instructions.messageOnly")];
  const safety = [
    knowledgeRule(knowledge, say),
    say(`instructions.advice.${words.advice}`),
    say("instructions.privacy", { audience: say(`audience.${words.audience}`) }),
    ...transferLines,
    say("instructions.endCall"),
    say("instructions.spam"),
    say("instructions.secret"),
  ];
  return [...lines, ...rules, ...safety].filter(Boolean).join("\n");
}

/** The assistant for one call, as we define it: the platform's adapter maps it and adds its own tuning. */
export type AssistantDefinition = {
  /** The business's name, untruncated (platforms have their own limits). */
  name: string;
  language: CallLanguage;
  /** The opening line, said in full before the caller can interrupt: it discloses the AI and the recording. */
  firstMessage: string;
  systemPrompt: string;
  tools: AssistantTool[];
  voice: VoiceId;
  /** Names the caller is likely to say, which a general speech-to-text model mishears. */
  keyterms: string[];
  recording: boolean;
  /** A short summary of each call, kept in the call log. */
  summary: boolean;
  /** What the summary says, in the call's language: who called, what they asked, what was done. */
  summaryPrompt: string;
  endCallMessage: string;
  maxDurationSeconds: number;
  /** Listening noises ("mm", "okay") in the call's language: not interruptions. */
  acknowledgements: string[];
  /** A caller who went quiet: a prompt after `promptAfterSeconds` (at most one per line of `prompts`), then `goodbye`. */
  silence: { promptAfterSeconds: number; prompts: string[]; maxPrompts: number; endAfterSeconds: number; goodbye: string };
  /** Comes back with every message of the call: the business it is for. */
  metadata: { userId: string; language: CallLanguage; timeZone: string; reminderCallId?: string };
};

/** The assistant for one inbound call. */
export function assistantFor(b: Business, o: AssistantOptions): AssistantDefinition {
  const language = callLanguage(b);
  const say = sayer(language);
  const canBook = b.entitled;
  const agentName = agentNameFor(b, language);
  const voice = voiceFor(b, language);
  // The caller always hears first that this is a virtual assistant (and that the call is recorded), whatever the
  // owner's own greeting says; the greeting follows without a second "hello".
  const disclosure = say(o.recording === false ? "disclosure" : "disclosureRecorded", {
    agent: agentName,
    assistant: say(`assistantNoun.${voice.gender}`),
    ofBusiness: ofBusiness(b.businessName, language),
  });
  const greeting = canBook ? b.ai?.firstMessage || say("defaultGreeting") : say("messageOnlyGreeting");
  const now = o.now ?? new Date();
  const routing =
    o.routing === undefined
      ? { warmTransfer: false, hours: "always" as const, destinations: [], fallbackPhone: toE164(b.ownerPhone, countryOfBusiness(b)) }
      : o.routing;
  const transfer = transferFor(b, routing, language, now);
  return {
    name: b.businessName,
    language,
    firstMessage: openingLine(disclosure, greeting, b.businessName),
    systemPrompt: systemPrompt(b, language, o.callerNumber, canBook, now, o.knowledge, transfer.instructions, o.bookingPage),
    tools: toolDefinitions(b, canBook, language, o.knowledge, transfer.tool, o.bookingPage),
    voice: voice.id,
    keyterms: [b.businessName, agentName, ...(b.practitioners.length > 1 ? b.practitioners.map((p) => p.name) : [])],
    recording: o.recording !== false,
    summary: true,
    summaryPrompt: say("callSummaryPrompt"),
    endCallMessage: say("goodbye"),
    maxDurationSeconds: 900,
    acknowledgements: say("acknowledgements").split("|"),
    // A prompt after 8 s of silence (twice at most); after 30 s the line is dead or the caller has gone: goodbye, and
    // the line is freed.
    silence: {
      promptAfterSeconds: 8,
      prompts: [say("idle.stillThere"), say("idle.takeYourTime")],
      maxPrompts: 2,
      endAfterSeconds: 30,
      goodbye: say("idle.goodbye"),
    },
    metadata: { userId: b.userId, language, timeZone: b.timeZone },
  };
}
