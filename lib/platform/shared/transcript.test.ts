import { describe, expect, it } from "vitest";
import { parseTranscript } from "./transcript";

describe("parseTranscript", () => {
  it("splits one turn per line and tells the receptionist from the caller", () => {
    expect(parseTranscript("AI: Hello, Cabinet Lumière.\nUser: I'd like an appointment.\n\nAI: Of course.")).toEqual([
      { speaker: "receptionist", text: "Hello, Cabinet Lumière." },
      { speaker: "caller", text: "I'd like an appointment." },
      { speaker: "receptionist", text: "Of course." },
    ]);
  });

  it("splits turns run together on one line after a sentence's end", () => {
    expect(parseTranscript("AI: Hello. User: I'd like an appointment.")).toEqual([
      { speaker: "receptionist", text: "Hello." },
      { speaker: "caller", text: "I'd like an appointment." },
    ]);
  });

  it("joins untagged lines to the turn before, and keeps untagged opening text without a speaker", () => {
    expect(parseTranscript("Recording starts\nAI: Hello\nhow can I help?")).toEqual([
      { speaker: null, text: "Recording starts" },
      { speaker: "receptionist", text: "Hello how can I help?" },
    ]);
  });
});
