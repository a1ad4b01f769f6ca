// What a tool's handler gets of what the model sent: read as leniently as a receptionist listens. Aliases are taken
// when the parameter is left out or unreadable, numbers read as words, patterns and formats never checked, and what cannot be read
// is left out rather than refused.
import { describe, expect, it } from "vitest";
import { testBusiness } from "@/tests/helpers/business";
import { bookAppointment } from "./book-appointment";
import { checkAvailability } from "./check-availability";
import { lookupInfo } from "./lookup-info";
import { takeMessage } from "./take-message";
import { reportSpam } from "./report-spam";
import { addToWaitlistTool } from "./waitlist-tool";

const biz = testBusiness({ birthDateCheck: true });

describe("a tool's arguments", () => {
  it("takes an alias only when the parameter is left out or unreadable, the first listed that reads first", () => {
    expect(bookAppointment.read(biz, "en", { patientName: "Léa", fullName: "Léa Martin" }).name).toBe("Léa");
    expect(bookAppointment.read(biz, "en", { name: "Marc", patientName: "Léa" }).name).toBe("Marc");
    expect(bookAppointment.read(biz, "en", { name: "  ", patientName: "", fullName: "Léa Martin" }).name).toBe("Léa Martin");
    expect(lookupInfo.read(biz, "en", { question: "", query: "Do you take Aetna?" }).question).toBe("Do you take Aetna?");
    expect(takeMessage.read(biz, "en", { body: "Call me", callerName: "Marc" })).toMatchObject({ message: "Call me", name: "Marc" });
    expect(addToWaitlistTool.read(biz, "en", { date: "2027-06-08", to: "2027-06-10" })).toMatchObject({
      firstDay: "2027-06-08",
      lastDay: "2027-06-10",
    });
  });

  it("reads numbers as words and cuts what is too long, without refusing anything", () => {
    const args = bookAppointment.read(biz, "en", { name: `  Léa   ${"x".repeat(200)}`, phone: 612345678, reason: 42 });
    expect(args.name).toBe(`Léa ${"x".repeat(116)}`);
    expect(args).toMatchObject({ phone: "612345678", reason: "42" });
  });

  it("passes a date that fails its pattern on, for the handler to read it", () => {
    expect(checkAvailability.read(biz, "fr", { date: "2026-1-5", dateTime: "2026-01-05T09:30" })).toMatchObject({
      date: "2026-1-5",
      start: "2026-01-05T09:30",
    });
    expect(checkAvailability.read(biz, "fr", { part_of_day: "après-midi" }).partOfDay).toBe("afternoon");
  });

  it("leaves out what it cannot read, and maps a model's own words to a choice", () => {
    const args = bookAppointment.read(biz, "en", {
      name: { first: "Léa" },
      email: "not an email",
      channel: "just a text",
      dateOfBirth: "  ",
    });
    expect(args.name).toBeUndefined();
    expect(args.email).toBeUndefined();
    expect(args.dateOfBirth).toBeUndefined();
    expect(args.channel).toBe("sms");
    expect(reportSpam.read(biz, "en", { kind: "telemarketing" }).kind).toBe("spam");
    expect(takeMessage.read(biz, "en", { message: "x", urgency: "URGENT", category: "made-up" })).toMatchObject({ urgency: "urgent" });
    expect(takeMessage.read(biz, "en", { message: "x", category: "made-up" }).category).toBeUndefined();
  });

  it("reads what no parameter names as nothing at all", () => {
    expect(takeMessage.read(biz, "en", { subject: "hello", language: "FR" })).toEqual({ language: "fr" });
  });
});
