// The tools an assistant is given for one call, every word in the call's language: their parameters as JSON Schema,
// what the caller hears while each runs (in each language a caller may switch to), and which tools a call gets (booking
// only with a live plan, the waitlist and the booking link with a line, the knowledge search when the owner's answers
// are too many for the instructions, the transfer from the owner's routing).
import { exampleFor, countryOfBusiness } from "@/lib/platform/phone/phone";
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import type { CallKnowledge } from "@/lib/receptionist/knowledge/knowledge.service";
import { CONFIRMATION_CHANNELS, REQUEST_URGENCIES, SPAM_KINDS } from "@/db/schema";
import { PARTS_OF_DAY } from "../tools/parts-of-day";
import { LOOKUP_TOOL, MESSAGE_TOOL, SPAM_TOOL } from "../tools/tools";
import { WAITLIST_TOOL } from "../tools/waitlist-tool";
import { BOOKING_LINK_TOOL } from "../tools/booking-link-tool";
import { sayer } from "../speech/speech";
import { wordsFor } from "../speech/wording";
import type { AssistantTool, FunctionTool, JsonSchema, ToolLines, TransferTool } from "../tools/definitions";

const CALL_LANGUAGES: CallLanguage[] = ["en", "fr", "es"];

type Schema = JsonSchema;

/** Every language a caller may speak, the call's own first: the order of a line's variants. */
function callsLanguagesFirst(language: CallLanguage): CallLanguage[] {
  return [language, ...CALL_LANGUAGES.filter((l) => l !== language)];
}

/** "One moment" as soon as the tool is called, a second line after 2.5 s without an answer, a sentence on failure. */
function spokenFor(language: CallLanguage, startKey: string): FunctionTool["spoken"] {
  const linesIn = (l: CallLanguage): ToolLines => {
    const say = sayer(l);
    return { start: say(`toolMessages.${startKey}`), delayed: say("toolMessages.delayed"), failed: say("toolMessages.failed") };
  };
  return {
    ...linesIn(language),
    delayedAfterMs: 2500,
    byLanguage: callsLanguagesFirst(language).map((l) => ({ language: l, lines: linesIn(l) })),
  };
}

/**
 * report_spam, from its function tool: a short acknowledgement while it runs (without one the platform says an English
 * filler of its own), then goodbye in the caller's language, after which the platform ends the call.
 */
function asSpamTool(tool: FunctionTool, language: CallLanguage): FunctionTool {
  const goodbye = (l: CallLanguage) => sayer(l)("spamGoodbye");
  return {
    ...tool,
    closing: { content: goodbye(language), byLanguage: callsLanguagesFirst(language).map((l) => ({ language: l, text: goodbye(l) })) },
  };
}

export function toolDefinitions(
  b: Business,
  canBook: boolean,
  language: CallLanguage,
  knowledge: CallKnowledge = { mode: "none" },
  transfer: TransferTool | null = null,
  bookingPage = false,
): AssistantTool[] {
  const say = sayer(language);
  const param = (key: string, params?: Record<string, string>) => say(`tools.params.${key}`, params);
  const text = (key: string, extra: Partial<Schema> = {}): Schema => ({ type: "string", description: param(key), ...extra });
  const country = countryOfBusiness(b);
  const example = exampleFor(country);
  const date: Schema = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: param("date", { example: "2026-11-24" }) };
  const time: Schema = { type: "string", pattern: "^([01]\\d|2[0-3]):[0-5]\\d$", description: param("time") };
  const optional = (s: Schema): Schema => ({ ...s, description: `${param("optional")} ${s.description}` });
  const birthDate: Schema = { type: "string", pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: param("birthDate") };
  // A national number of another country than the business's ("my UK mobile"): the country it is read in.
  const phoneCountry = text("country");
  // The language a caller switched to: the answer comes back in it.
  const callerLanguage: Schema = {
    type: "string",
    enum: CALL_LANGUAGES,
    description: param("language", { language: say(`languages.${language}`) }),
  };
  const fn = (startKey: string, name: string, properties: Record<string, Schema>, required: string[] = []): FunctionTool => ({
    type: "function",
    name,
    description: say(`tools.${name}`),
    parameters: { type: "object", properties: { ...properties, language: callerLanguage }, required },
    spoken: spokenFor(language, startKey),
  });

  // Who with, in a practice of several: a name as the caller says it, matched loosely by the tools.
  const practitioner: Record<string, Schema> = {
    ...(b.practitioners.length > 1 ? { practitioner: text("practitioner") } : {}),
    // Which service: with practitioners who list their own, it decides who and for how long; otherwise it is kept on the
    // appointment (recall counts from it).
    ...(b.practitioners.some((p) => p.services.length) || b.services.length ? { service: text("service") } : {}),
  };
  const booking: FunctionTool[] = [
    fn("checking", "check_availability", {
      date: optional(date),
      time: optional(time),
      partOfDay: { type: "string", enum: [...PARTS_OF_DAY], description: param("partOfDay") },
      ...practitioner,
    }),
    fn(
      "booking",
      "book_appointment",
      {
        date,
        time,
        name: text("name"),
        callerName: text("callerName"),
        phone: text("phoneOther", { description: param("phoneOther", { example }) }),
        country: phoneCountry,
        channel: { type: "string", enum: [...CONFIRMATION_CHANNELS], description: param("channel") },
        email: text("email", { format: "email" }),
        reason: text("reason"),
        ...practitioner,
        ...(b.birthDateCheck ? { dateOfBirth: birthDate } : {}),
      },
      b.birthDateCheck ? ["date", "time", "name", "dateOfBirth"] : ["date", "time", "name"],
    ),
    fn("lookingUp", "find_my_appointments", {}),
    fn("moving", "reschedule_appointment", { appointmentId: text("appointmentId"), date, time }, ["appointmentId", "date", "time"]),
    fn("cancelling", "cancel_appointment", { appointmentId: text("appointmentId") }, ["appointmentId"]),
    fn("sendingCode", "send_verification_code", { phone: text("verifyPhone") }, ["phone"]),
    fn("checkingCode", "verify_code", { code: text("code", { pattern: "^\\d{6}$" }) }, ["code"]),
  ];
  if (b.birthDateCheck) {
    booking.push(
      fn("checkingIdentity", "verify_identity", { phone: text("identityPhone"), name: text("identityName"), dateOfBirth: birthDate }, [
        "phone",
        "name",
        "dateOfBirth",
      ]),
    );
  }
  const words = wordsFor(b);
  const message = fn(
    "noting",
    MESSAGE_TOOL,
    {
      name: text("messageName"),
      phone: text("messagePhone"),
      country: phoneCountry,
      message: text("message"),
      category: {
        type: "string",
        enum: [...words.categories],
        description: param("category", { categories: words.categories.map((c) => `${c}: ${say(`categories.${c}`)}`).join("; ") }),
      },
      urgency: { type: "string", enum: [...REQUEST_URGENCIES], description: param("urgency") },
    },
    ["message"],
  );
  if (b.line) {
    booking.push(
      fn(
        "waitlisting",
        WAITLIST_TOOL,
        {
          name: text("name"),
          firstDay: { ...date, description: param("firstDay", { example: "2026-11-24" }) },
          lastDay: { ...date, description: param("lastDay") },
          partOfDay: { type: "string", enum: [...PARTS_OF_DAY], description: param("partOfDay") },
          phone: text("waitlistPhone", { description: param("waitlistPhone", { example }) }),
          country: phoneCountry,
          ...(b.practitioners.some((p) => p.services.length) ? { service: text("service") } : {}),
        },
        ["name", "firstDay"],
      ),
    );
  }
  if (b.line && bookingPage) {
    booking.push(
      fn("textingLink", BOOKING_LINK_TOOL, {
        phone: text("bookingLinkPhone", { description: param("bookingLinkPhone", { example }) }),
        country: phoneCountry,
      }),
    );
  }
  const tools: AssistantTool[] = canBook ? [...booking, message] : [message];
  if (knowledge.mode === "tool") tools.push(fn("lookingUp", LOOKUP_TOOL, { question: text("question") }, ["question"]));
  const kind: Schema = { type: "string", enum: [...SPAM_KINDS], description: param("spamKind") };
  tools.push(asSpamTool(fn("noted", SPAM_TOOL, { kind }, ["kind"]), language));
  if (transfer) tools.push(transfer);
  tools.push({ type: "endCall" });
  return tools;
}
