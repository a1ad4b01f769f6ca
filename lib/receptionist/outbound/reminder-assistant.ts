// The assistant of one reminder call: it says who is calling and that it is an automated assistant, then the
// appointment (day, time, practitioner, never what it is for), and asks whether the callee will come, would rather
// cancel, or move it. Its tools are the inbound ones that change an appointment, scoped on our side to this one
// (lib/receptionist/tools/my-appointments.ts `boundAppointment`), plus confirming and "don't call me". On an answering
// machine it leaves the day, the time, the practice and its number, nothing more.
import type { Business, CallLanguage } from "@/lib/accounts/business/business";
import { practitionerToName } from "@/lib/accounts/business/tenant";
import { personName } from "@/lib/platform/format/person-name";
import { countryOfPhone, formatPhone } from "@/lib/platform/phone/phone";
import type { Appointment } from "@/lib/scheduling/booking/core";
import { assistantFor, type AssistantDefinition } from "../assistant/assistant";
import { agentNameFor, voiceFor } from "../assistant/voices";
import { sayer, speakSlot, withSpeechStyle, speechStyleOf } from "../speech/speech";
import { localToday, speakCalendarDay } from "../speech/when";
import { ofBusiness } from "../speech/wording";
import { TOOLS } from "../tools/registry";

/** The tools a reminder call is given: what changes its one appointment, and the callee's "don't call me". */
export const REMINDER_TOOLS = [
  "confirm_appointment",
  "check_availability",
  "reschedule_appointment",
  "cancel_appointment",
  "stop_reminder_calls",
] as const;

export type ReminderCallAssistant = { assistant: AssistantDefinition; voicemailMessage: string };

/** The assistant for the reminder call `reminderCallId` about appointment `a`, in the callee's language. */
export function reminderAssistant(
  b: Business,
  a: Appointment,
  o: { reminderCallId: string; language: CallLanguage; now: Date },
): ReminderCallAssistant {
  return withSpeechStyle(speechStyleOf(b), () => build(b, a, o));
}

function build(b: Business, a: Appointment, o: { reminderCallId: string; language: CallLanguage; now: Date }): ReminderCallAssistant {
  const { language } = o;
  const say = sayer(language);
  const base = assistantFor(b, { callerNumber: a.patientPhone, recording: b.recordingEnabled, now: o.now });
  const voice = voiceFor(b, language);
  const agent = agentNameFor(b, language);
  const slot = speakSlot(a.startsAt, language, b.timeZone);
  const practitioner = b.practitioners.length > 1 ? practitionerToName(b.practitioners, a.practitionerId) : null;
  const when = practitioner ? say("slotWith", { slot, practitioner: personName(practitioner, language) }) : slot;
  const patient = personName(a.patientName, language);
  const practice = ofBusiness(b.businessName, language);
  const number = formatPhone(b.line, countryOfPhone(a.patientPhone));
  const words = { agent, assistant: say(`assistantNoun.${voice.gender}`), ofBusiness: practice, patient, when, number };
  const tools = REMINDER_TOOLS.map((name) => TOOLS.find((t) => t.name === name)!.definition(b, language));
  return {
    assistant: {
      ...base,
      language,
      voice: voice.id,
      firstMessage: say(b.recordingEnabled ? "reminderCall.openingRecorded" : "reminderCall.opening", words),
      systemPrompt: say("reminderCall.instructions", {
        ...words,
        business: b.businessName,
        today: speakCalendarDay(localToday(o.now, b.timeZone), language),
      }),
      tools: [...tools, { type: "endCall" }],
      summaryPrompt: say("reminderCall.summaryPrompt"),
      endCallMessage: say("goodbye"),
      // A reminder is a minute's business: a callee who wants more is asked to call the practice.
      maxDurationSeconds: 300,
      metadata: { ...base.metadata, language, reminderCallId: o.reminderCallId },
    },
    voicemailMessage: say("reminderCall.voicemail", { business: b.businessName, slot, number }),
  };
}
