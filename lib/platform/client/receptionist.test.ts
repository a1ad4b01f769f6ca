import { describe, expect, it } from "vitest";
import { formatDuration, httpUrl, parseTranscript } from "./receptionist";

describe("formatDuration", () => {
  it("writes minutes and two-digit seconds", () => {
    expect(formatDuration(185)).toBe("3:05");
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(59.6)).toBe("1:00");
    expect(formatDuration(3725)).toBe("62:05");
  });
});

describe("httpUrl", () => {
  it("keeps http(s) addresses and drops every other scheme", () => {
    expect(httpUrl("https://recordings.example/1.wav")).toBe("https://recordings.example/1.wav");
    expect(httpUrl("javascript:alert(1)")).toBeNull();
    expect(httpUrl("data:audio/wav;base64,AAAA")).toBeNull();
    expect(httpUrl("not a url")).toBeNull();
    expect(httpUrl(null)).toBeNull();
  });
});

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
