// The Try page's suggestions are what the receptionist's stand-in understands at the stage it is at: each one, heard
// by the same reading as the conversation engine, moves the call on (no "sorry, could you repeat?").
import { describe, expect, it } from "vitest";
import { suggestionsFor } from "./suggestions";
import { BUSINESS_TYPES } from "@/lib/accounts/account/options";
import { readCountry } from "@/lib/platform/phone/country-names";
import { countryIn, saysWhatFor } from "./caller-details";
import {
  cleanName,
  DONE,
  INTENTS,
  NO,
  norm,
  ORDINALS,
  parseBirthDate,
  parseDay,
  parsePartOfDay,
  PERSON,
  practitionerIn,
  QUESTION,
  YES,
} from "./hearing";

const NOW = new Date("2026-11-26T10:00:00Z");
const LANGUAGES = ["en", "fr", "es"] as const;

const ALONE = { practitioners: ["Ana Ruiz"], services: [] };

describe.each(LANGUAGES)("suggestions in %s", (language) => {
  const say = (stage: string, type: string | null = null) => suggestionsFor(language, stage, { type, ...ALONE });

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

  it("in a practice of several, ask for one of its practitioners on a part of a day, heard as such", () => {
    const team = ["Lucía Martín", "Dr Javier Ortega"];
    const business = { type: "medical", practitioners: team, services: [] };
    const intent = suggestionsFor(language, "intent", business);
    const withWhom = intent.filter((p) => practitionerIn(p, team) === "Dr Javier Ortega");
    expect(withWhom).toHaveLength(1);
    expect(INTENTS.find(([, re]) => re.test(norm(withWhom[0]!)))?.[0]).toBe("book");
    const day = suggestionsFor(language, "day", business).filter((p) => practitionerIn(p, team, true) === "Dr Javier Ortega");
    expect(day).toHaveLength(1);
    for (const p of [...withWhom, ...day]) {
      expect(parseDay(p, NOW, "Europe/Madrid"), p).not.toBeNull();
      expect(parsePartOfDay(p), p).toBe("afternoon");
    }
    // A practice of one has no one to choose: no such phrase.
    expect(say("intent")).toHaveLength(4);
    expect(say("day").some((p) => practitionerIn(p, ALONE.practitioners) !== null)).toBe(false);
  });

  it("give the business's own service as the reason, and a caller's name of the language", () => {
    const services = ["Sesión de fisioterapia", "Masaje"];
    expect(suggestionsFor(language, "reason", { type: "medical", practitioners: [], services })).toEqual(["Sesión de fisioterapia"]);
    const [name] = say("name");
    expect(name).not.toMatch(/Curie/);
    expect(cleanName(name!)).toBe(name);
    expect(say("email")[1]).toMatch(/^[a-z.]+@example\.com$/);
  });

  it("say nothing for a caller's own numbers and codes, or once the call is over", () => {
    for (const stage of ["verifyPhone", "verifyCode", "verifyIdentity", "ended"]) expect(say(stage)).toEqual([]);
  });
});
