import { describe, expect, it } from "vitest";
import { vapiAssistantErrors } from "@/tests/helpers/vapi-schema";
import type { Appointment } from "@/lib/scheduling/booking/core";
import { reminderAssistant } from "@/lib/receptionist/outbound/reminder-assistant";
import { lineOutcome } from "@/lib/receptionist/outbound/reminder-outcome";
import { testBusiness } from "@/tests/helpers/business";
import { vapiCallRequest } from "./dialer";
import { sandboxCallee } from "./sandbox-callee";

const server = { serverUrl: "https://recepta.example/api/webhooks/vapi", webhookSecret: "s3cret" };
const biz = testBusiness({ line: "+33186950001" });
const appointment = {
  id: "3f0c7a52-5d4f-4d43-9a39-4f3d1c2b9e11",
  userId: biz.userId,
  practitionerId: biz.practitioners[0]!.id,
  patientName: "Léa Martin",
  patientPhone: "+33611223344",
  reason: "Douleur dentaire",
  service: "Détartrage",
  // Thursday 10 December 2026, 15:00 in Paris.
  startsAt: new Date("2026-12-10T14:00:00Z"),
  endsAt: new Date("2026-12-10T14:30:00Z"),
  language: "fr",
} as Appointment;
const NOW = new Date("2026-12-09T09:00:00Z");

describe("a reminder call placed through Vapi", () => {
  const { assistant, voicemailMessage } = reminderAssistant(biz, appointment, { reminderCallId: "rc-1", language: "fr", now: NOW });
  const request = vapiCallRequest(
    { providerNumberId: "vapi-number-1", line: biz.line!, to: appointment.patientPhone!, assistant, voicemailMessage },
    server,
  );

  it("dials the callee from the practice's line, listens for a machine and leaves the message on one", () => {
    expect(request.phoneNumberId).toBe("vapi-number-1");
    expect(request.customer).toEqual({ number: "+33611223344" });
    expect(request.assistant!.voicemailDetection).toEqual({ provider: "vapi" });
    expect(request.assistant!.voicemailMessage).toBe(voicemailMessage);
    expect(request.assistant!.firstMessageMode).toBe("assistant-waits-for-user");
    // Its messages come back to our webhook with the reminder's id.
    expect(request.assistant!.metadata).toMatchObject({ userId: biz.userId, reminderCallId: "rc-1" });
    expect(vapiAssistantErrors(request.assistant)).toEqual([]);
  });

  it("says who calls and that it is automated, the day and time, and never what the visit is for", () => {
    expect(assistant.firstMessage).toContain("assistant");
    expect(assistant.firstMessage).toContain("Cabinet Dentaire Martin");
    expect(assistant.firstMessage).toContain("10 décembre");
    expect(assistant.firstMessage).toContain("Léa Martin");
    for (const words of [assistant.firstMessage, assistant.systemPrompt, voicemailMessage]) {
      expect(words).not.toMatch(/Douleur|Détartrage/);
    }
    // On a machine: the day, the time, the practice and its number; not whose appointment it is.
    expect(voicemailMessage).toContain("10 décembre");
    expect(voicemailMessage).toContain("01 86 95 00 01");
    expect(voicemailMessage).not.toContain("Léa");
  });

  it("is given the tools that change its one appointment, and the callee's \"don't call me\"", () => {
    const names = assistant.tools.map((t) => (t.type === "function" ? t.name : t.type));
    expect(names).toEqual([
      "confirm_appointment",
      "check_availability",
      "reschedule_appointment",
      "cancel_appointment",
      "stop_reminder_calls",
      "endCall",
    ]);
  });
});

describe("what a reminder call came to", () => {
  it("reads the line's outcome from Vapi's ended reasons", () => {
    expect(lineOutcome("voicemail")).toBe("voicemail");
    expect(lineOutcome("customer-did-not-answer")).toBe("no_answer");
    expect(lineOutcome("customer-busy")).toBe("busy");
    expect(lineOutcome("twilio-failed-to-connect-call")).toBe("failed");
    expect(lineOutcome("pipeline-error-openai-llm-failed")).toBe("failed");
    // Someone answered and decided nothing.
    expect(lineOutcome("customer-ended-call")).toBe("answered");
  });

  it("has the sandbox's callee answer by the number's last digit", () => {
    expect(["+33600000001", "+33600000002", "+33600000003", "+33600000004", "+33600000007"].map(sandboxCallee)).toEqual([
      "confirms",
      "cancels",
      "voicemail",
      "no-answer",
      "confirms",
    ]);
  });
});
