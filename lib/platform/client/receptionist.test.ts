import { describe, expect, it } from "vitest";
import { formatDuration, httpUrl } from "./receptionist";

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
