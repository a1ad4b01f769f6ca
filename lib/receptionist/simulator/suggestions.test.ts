// The Try page's suggestions are what the receptionist's stand-in understands at the stage it is at: each one, heard
// by the same reading as the conversation engine, moves the call on (no "sorry, could you repeat?").
import { describe, expect, it } from "vitest";
import { suggestionsFor } from "@/lib/platform/client/receptionist";
import { BUSINESS_TYPES } from "@/lib/accounts/account/options";
import { readCountry } from "@/lib/platform/phone/country-names";
import { countryIn, saysWhatFor } from "./caller-details";
import { DONE, INTENTS, NO, norm, ORDINALS, parseBirthDate, parseDay, parsePartOfDay, PERSON, QUESTION, YES } from "./hearing";

const NOW = new Date("2026-11-26T10:00:00Z");
const LANGUAGES = ["en", "fr", "es"] as const;

describe.each(LANGUAGES)("suggestions in %s", (language) => {
  const say = (stage: string, type: string | null = null) => suggestionsFor(language, stage, type);

  it("offer the four things a caller rings for, each heard as that intent", () => {
    const heard = say("intent").map((p) => INTENTS.find(([, re]) => re.test(norm(p)))?.[0]);
    expect(heard).toEqual(["book", "reschedule", "cancel", "message"]);
    for (const p of say("intent")) expect(QUESTION.test(norm(p)), p).toBe(false);
  });

  it("give a reason for the visit that fits the business, whatever its type", () => {
    const reasons = new Set(BUSINESS_TYPES.map((type) => say("reason", type)[0]));
    expect(reasons.size).toBeGreaterThan(8);
    expect(say("reason", null)).toEqual(say("reason", "medical"));
    expect(say("reason", "dental")).not.toEqual(say("reason", "restaurant"));
  });

  it("name a day (and a part of it), a birth date, an offer, a yes and a no the engine reads", () => {
    for (const p of say("day")) expect(parseDay(p, NOW, "Europe/Paris"), p).not.toBeNull();
    expect(say("day").some((p) => parsePartOfDay(p) !== null)).toBe(true);
    expect(parseBirthDate(say("birthDate")[0]!, language)?.date).toBe("1985-03-12");
    const [first, second] = say("choose").map((p) => ORDINALS.find(([re]) => re.test(norm(p)))?.[1]);
    expect([first, second]).toEqual([0, 1]);
    const [yes, no] = say("confirm");
    expect(YES.test(norm(yes!)) && !NO.test(norm(yes!))).toBe(true);
    expect(NO.test(norm(no!))).toBe(true);
    expect(DONE.test(norm(say("anything")[0]!))).toBe(true);
    const [noSign, sign] = say("urgent");
    expect(NO.test(norm(noSign!)) && YES.test(norm(sign!))).toBe(true);
  });

  it("name the country of a number, and what a call is about, in words the engine reads", () => {
    expect(readCountry(countryIn(say("country")[0]!))).toBe("GB");
    expect(saysWhatFor(say("transferWhat")[0]!, PERSON)).toBe(true);
  });

  it("say nothing for a caller's own numbers and codes, or once the call is over", () => {
    for (const stage of ["verifyPhone", "verifyCode", "verifyIdentity", "ended"]) expect(say(stage)).toEqual([]);
  });
});
