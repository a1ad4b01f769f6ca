import { describe, expect, it } from "vitest";
import { parseSimState } from "./state";

const base = {
  v: 1,
  callId: "try-1",
  line: "+33199000101",
  caller: "+33639980142",
  language: "fr",
  timeZone: "Europe/Paris",
  messageOnly: false,
  stage: "intent",
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
};

describe("a Try call's state sent back by the browser", () => {
  it("carries on a call saved before transfers had destinations: its line is the one destination", () => {
    const s = parseSimState({ ...base, transfer: "Je vous transfère à l'équipe." });
    expect(s?.transfer?.destinations).toEqual([
      { name: "", number: "", description: "", message: "Je vous transfère à l'équipe.", noAnswer: null, backup: null },
    ]);
    expect(s).toMatchObject({ transfers: [], unanswered: [], languageTold: null, practitionerTold: null, channel: null, country: null });
  });

  it("refuses a channel or a trade it does not know", () => {
    expect(parseSimState({ ...base, channel: "pigeon" })).toBeNull();
    expect(parseSimState({ ...base, trade: "astrology" })).toBeNull();
  });
});
