import { describe, expect, it } from "vitest";
import { summaryOf } from "./platform";
import { parseSimState, type SimState } from "./state";

const call = (language: "en" | "fr" | "es", over: Partial<SimState>): SimState => {
  const s = parseSimState({
    v: 1,
    callId: "try-1",
    line: "+33199000101",
    caller: "+33612345678",
    language,
    timeZone: "Europe/Paris",
    messageOnly: false,
    stage: "ended",
    flow: null,
    name: null,
    reason: null,
    email: null,
    offers: [],
    chosen: null,
    appointmentId: null,
    toolCalls: 0,
    outcomes: [],
    transcript: [],
    startedAt: "2027-06-08T12:00:00.000Z",
  });
  return { ...s!, ...over };
};

describe("the Try call's summary", () => {
  it("names the caller and says what they asked, then what was done", () => {
    const s = call("en", {
      name: "Marie Dupont",
      outcomes: [
        { kind: "asked", slot: "How much is a cleaning?" },
        { kind: "booked", slot: "Thursday at 17:00" },
      ],
    });
    expect(summaryOf(s)).toBe(
      "Marie Dupont called. The caller asked: “How much is a cleaning?”. The caller booked an appointment for Thursday at 17:00.",
    );
  });
  it("says it in the call's language, and that nothing was booked when only a question was asked", () => {
    const s = call("es", { name: "Javier Ortega", outcomes: [{ kind: "asked", slot: "¿Cuánto cuesta la sesión?" }] });
    expect(summaryOf(s)).toBe(
      "Llamó Javier Ortega. La persona que llamó preguntó: «¿Cuánto cuesta la sesión?». La persona que llamó no reservó nada ni dejó un mensaje.",
    );
  });
  it("names the caller, not the patient, when the appointment is for someone else", () => {
    const s = call("fr", { name: "Léa Martin", forOther: true, callerName: "Sophie Martin", outcomes: [{ kind: "message" }] });
    expect(summaryOf(s)).toBe("Sophie Martin a appelé. L'appelant a laissé un message.");
  });
  it("leaves the name out when the caller gave none", () => {
    expect(summaryOf(call("en", {}))).toBe("The caller did not book anything or leave a message.");
  });
});
