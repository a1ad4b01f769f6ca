// A practice of two whose agendas do not overlap, in each language: the owner works mornings (09:00–14:00), the other
// practitioner afternoons and evenings (15:00–20:00). A caller who names the other one and the afternoon is offered
// their afternoon and booked with them; "and at 17:00 with …?" moves the choice to them at that time.
import type { Lang, Scenario } from "../types";
import type { WorkingHours } from "@/db/schema";
import { CALLER_AND_OWNER } from "./common";

const day = (openTime: string, closeTime: string) => ({ isOpen: true, openTime, closeTime });
const closed = { isOpen: false, openTime: "09:00", closeTime: "18:00" };
const weekdays = (openTime: string, closeTime: string): WorkingHours => ({
  monday: day(openTime, closeTime),
  tuesday: day(openTime, closeTime),
  wednesday: day(openTime, closeTime),
  thursday: day(openTime, closeTime),
  friday: day(openTime, closeTime),
  saturday: closed,
  sunday: closed,
});
const MORNINGS = weekdays("09:00", "14:00");
const LATE = weekdays("15:00", "20:00");

type Words = {
  other: string;
  owner: string;
  from: [string, string];
  caller: string;
  reason: string;
  withOtherAfternoon: string;
  withOwnerMorning: string;
  atFiveWithOther: string;
  no: string;
  first: string;
  yes: string;
  done: string;
  agenda: RegExp;
  persona: string;
};

const WORDS: Record<Lang, Words> = {
  en: {
    other: "James Carter",
    owner: "Dr Jane Smith",
    from: ["+12025550191", "+12025550192"],
    caller: "Emma Wilson",
    reason: "A check-up",
    withOtherAfternoon: "I'd like an appointment with James Carter on Thursday afternoon",
    withOwnerMorning: "I'd like an appointment with Dr Jane Smith on Thursday morning",
    atFiveWithOther: "And at 5 pm with James?",
    no: "no",
    first: "the first one",
    yes: "yes",
    done: "no, that's all",
    agenda: /Let me check James Carter's diary…/,
    persona: "You speak English (US).",
  },
  fr: {
    other: "Julien Moreau",
    owner: "Dr Claire Martin",
    from: ["+33612347191", "+33612347192"],
    caller: "Camille Durand",
    reason: "Un contrôle",
    withOtherAfternoon: "Je voudrais un rendez-vous avec Julien Moreau jeudi après-midi",
    withOwnerMorning: "Je voudrais un rendez-vous avec le Dr Claire Martin jeudi matin",
    atFiveWithOther: "Et à 17 h avec Julien ?",
    no: "non",
    first: "le premier",
    yes: "oui",
    done: "non merci",
    agenda: /Je regarde l'agenda de Julien Moreau…/,
    persona: "You speak French (France).",
  },
  es: {
    other: "Javier Ortega",
    owner: "Dra. Lucía Sol",
    from: ["+34612347191", "+34612347192"],
    caller: "Carmen López",
    reason: "Una revisión",
    withOtherAfternoon: "Quisiera una cita con Javier Ortega el jueves por la tarde",
    withOwnerMorning: "Quisiera una cita con la Dra. Lucía Sol el jueves por la mañana",
    atFiveWithOther: "¿Y a las 17:00 con Javier?",
    no: "no",
    first: "la primera",
    yes: "sí",
    done: "no, gracias",
    agenda: /Miro la agenda de Javier Ortega…/,
    persona: "You speak Spanish (Spain).",
  },
};

// The afternoon as each language divides it (tools/parts-of-day.ts), within the other practitioner's 15:00–20:00.
const AFTERNOON: Record<Lang, [`${number}:${number}`, `${number}:${number}`]> = {
  en: ["15:00", "17:00"],
  fr: ["15:00", "18:00"],
  es: ["16:00", "20:00"],
};

function scenariosIn(language: Lang): Scenario[] {
  const w = WORDS[language];
  const business = { hours: MORNINGS, practitioners: [{ name: w.other, hours: LATE }] };
  return [
    {
      id: `${language}-asked-who-and-afternoon`,
      language,
      title: `With ${w.other} on Thursday afternoon: their afternoon is offered, and booked with them`,
      covers: ["practitioner-asked", "book-part-of-day", "two-practitioners"],
      business,
      calls: [
        {
          from: w.from[0],
          script: [w.withOtherAfternoon, w.caller, w.reason, w.no, w.first, w.yes, w.done],
          persona: `${w.caller}, a patient of ${w.other}. ${w.persona}`,
          goal: `Book with ${w.other} on Thursday afternoon, the first time offered; nobody else. No email. Then end the call.`,
        },
      ],
      expect: {
        appointments: [{ on: "+2", between: AFTERNOON[language], phone: "caller", name: new RegExp(w.caller), practitioner: w.other }],
        outbox: CALLER_AND_OWNER,
        calls: [{ outcome: "booked" }],
        say: [{ re: w.agenda, driver: "standin", why: "whose agenda is read is said before booking" }],
        // The owner's morning (09:00–13:30) is never offered: only the other practitioner's afternoon.
        notSay: [{ re: /\b(9|09|1[0-3])(:\d\d| h)/, why: "the morning practitioner's times are not the afternoon asked" }],
      },
    },
    {
      id: `${language}-asked-other-at-five`,
      language,
      title: `With ${w.owner} on Thursday morning, then "and at 17:00 with ${w.other}?": booked with ${w.other} at 17:00`,
      covers: ["practitioner-asked", "change-of-mind"],
      business,
      calls: [
        {
          from: w.from[1],
          script: [w.withOwnerMorning, w.caller, w.reason, w.no, w.atFiveWithOther, w.yes, w.done],
          persona: `${w.caller}, a patient. ${w.persona}`,
          goal: `Ask for ${w.owner} on Thursday morning; when offered times, ask for 17:00 with ${w.other} instead and book it. No email. Then end the call.`,
        },
      ],
      expect: {
        appointments: [{ on: "+2", at: "17:00", phone: "caller", name: new RegExp(w.caller), practitioner: w.other }],
        outbox: CALLER_AND_OWNER,
        calls: [{ outcome: "booked" }],
      },
    },
  ];
}

export const askedWhoAndWhen: Scenario[] = (["en", "fr", "es"] as const).flatMap(scenariosIn);
