// What a caller hears of a day through the Vapi webhook and the real database: the parts of the day as each language has
// them ("por la tarde" never hears noon, "after school" is the end of the afternoon), a day asked begins with its hours,
// a full day is said to be fully booked whatever is asked of it, and a date that does not exist is said not to.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { waitlistEntries } from "@/db/schema";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiReply, type Practice } from "../helpers/practice";

const runTag = String(Date.now() % 1000).padStart(3, "0");
let callers = 0;
// +33 64…: every number of the range is a valid French mobile.
const newCaller = () => `+3364${runTag}${String(++callers).padStart(4, "0")}`;

const open = (openTime: string, closeTime: string) => ({ openTime, closeTime });
const weekday = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

/** The first day from `from` days ahead on `dow` (0 Sunday … 6 Saturday) that no closure of the practice covers. */
async function nextOpen(p: Practice, dow: number, from = 3): Promise<string> {
  const listed = await api("GET", "/api/closures", { token: p.token });
  expect(listed.status).toBe(200);
  const closures = listed.body.closures as { from: string; to: string }[];
  for (let i = from; i < from + 60; i++) {
    const day = dayAhead(i);
    if (weekday(day) === dow && !closures.some((c) => c.from <= day && day <= c.to)) return day;
  }
  throw new Error("no open day found");
}

describe("a day and its parts, as a caller hears them", () => {
  let p: Practice;
  let saturday: string;
  let friday: string;

  beforeAll(async () => {
    p = await practice("Cabinet Horaires");
    // Open 08:00–18:00 every day but Saturday, 09:00–10:00: two appointments fill it.
    const day = open("08:00", "18:00");
    const hours = await api("PUT", "/api/auth/update-working-hours", {
      token: p.token,
      body: {
        workingHours: {
          monday: day,
          tuesday: day,
          wednesday: day,
          thursday: day,
          friday: day,
          saturday: open("09:00", "10:00"),
          sunday: day,
        },
      },
    });
    expect(hours.status, JSON.stringify(hours.body)).toBe(200);
    saturday = await nextOpen(p, 6);
    friday = await nextOpen(p, 5);
  });

  it("offers a Spanish 'tarde' from 16:00 on, never at noon", async () => {
    const tarde = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", {
      date: friday,
      partOfDay: "por la tarde",
      language: "es",
    });
    expect(tarde.say).toMatch(
      /^El viernes \d+ de \p{Ll}+ abrimos de 8:00 a 18:00\. Puedo ofrecerle el viernes \d+ de \p{Ll}+ a las 16:00, 16:30 o 17:00\.$/u,
    );
    expect(tarde.slots!.map((s) => s.time)).toEqual(["16:00", "16:30", "17:00"]);
    // The tool's own value says the same.
    const afternoon = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", {
      date: friday,
      partOfDay: "afternoon",
      language: "es",
    });
    expect(afternoon.slots).toEqual(tarde.slots);
  });

  it("hears 'after school' as the end of the afternoon, never 12:00–13:00, and lunchtime as midday", async () => {
    for (const words of ["after school", "lateAfternoon", "après l'école"]) {
      const after = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: friday, partOfDay: words });
      expect(
        after.slots!.map((s) => s.time),
        words,
      ).toEqual(["16:00", "16:30", "17:00"]);
    }
    const lunch = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: friday, partOfDay: "lunchtime" });
    expect(lunch.slots!.map((s) => s.time)).toEqual(["12:00", "12:30", "13:00"]);
    expect(lunch.say).toMatch(
      /^On Friday, \w+ \d+ we are open from 8:00 AM to 6:00 PM\. I can offer Friday, \w+ \d+ at 12:00 PM, 12:30 PM, or 1:00 PM\.$/,
    );
  });

  it("answers 'when do you close on Friday?' with the day's hours first, in the caller's language", async () => {
    const en = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: friday });
    expect(en.say).toMatch(/^On Friday, \w+ \d+ we are open from 8:00 AM to 6:00 PM\. /);
    const fr = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: friday, language: "fr" });
    expect(fr.say).toMatch(/^Vendredi \d+(er)? \p{Ll}+, nous sommes ouverts de 8 h à 18 h\. /u);
  });

  it("says a full Saturday is fully booked for a date, a time, a part of it and a booking, then the next times with their days", async () => {
    for (const time of ["09:00", "09:30"]) {
      const booked = await vapiReply(p.line, newCallId(), newCaller(), "book_appointment", {
        date: saturday,
        time,
        name: `Patient ${time}`,
      });
      expect(booked.say, booked.say).toMatch(/^Booked: /);
    }
    const day = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: saturday });
    expect(day.say).toMatch(
      /^On Saturday, \w+ \d+ we are open from 9:00 AM to 10:00 AM, but we are fully booked\. The next free times after that are Sunday, \w+ \d+ at 8:00 AM, 8:30 AM, or 9:00 AM\.$/,
    );
    expect(day.slots!.every((s) => s.date > saturday)).toBe(true);
    const es = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: saturday, language: "es" });
    expect(es.say).toMatch(
      /^El sábado \d+ de \p{Ll}+ abrimos de 9:00 a 10:00, pero ya está todo completo\. Los siguientes huecos libres son el domingo /u,
    );
    const at = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", { date: saturday, time: "09:30" });
    expect(at.say).toMatch(/^Saturday, \w+ \d+ is fully booked\. The closest I can offer is Friday, \w+ \d+ at /);
    const morning = await vapiReply(p.line, newCallId(), newCaller(), "check_availability", {
      date: saturday,
      partOfDay: "morning",
      language: "fr",
    });
    expect(morning.say).toMatch(
      /^Samedi \d+(er)? \p{Ll}+, nous sommes ouverts de 9 h à 10 h, mais c'est complet\. Les créneaux libres suivants sont dimanche /u,
    );
    const refused = await vapiReply(p.line, newCallId(), newCaller(), "book_appointment", {
      date: saturday,
      time: "09:00",
      name: "Late Caller",
    });
    expect(refused.say).toMatch(/^Sorry, that time was just taken\. Saturday, \w+ \d+ is fully booked\. The closest I can offer is /);
    expect(refused.slots!.every((s) => s.date !== saturday)).toBe(true);
  });

  it("says a date that does not exist does not, and asks for another day, for a check, a booking and a move", async () => {
    const year = Number(dayAhead(0).slice(0, 4)) + 1;
    const caller = newCaller();
    const check = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: `${year}-02-31` });
    expect(check.say).toMatch(/^There is no February 31\. The last day of that month is \w+day, February 28\. Which day would you like\?$/);
    const fr = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: `${year}-02-31`, language: "fr" });
    expect(fr.say).toMatch(
      /^Le 31 février n'existe pas ; le dernier jour du mois est le \p{Ll}+ 28 février\. Quel jour vous conviendrait \?$/u,
    );
    const book = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: `${year}-04-31`,
      time: "10:00",
      name: "Jean Dupont",
      language: "es",
    });
    expect(book.say).toMatch(
      /^El 31 de abril no existe; el último día de ese mes es el \p{Ll}+ 30 de abril\. ¿Qué día le vendría bien\?$/u,
    );
    const move = await vapiReply(p.line, newCallId(), caller, "reschedule_appointment", {
      appointmentId: "00000000-0000-0000-0000-000000000000",
      date: `${year}-06-31`,
      time: "10:00",
    });
    expect(move.say).toMatch(/^There is no June 31\. /);
    // A date that is not one at all is still not understood.
    const garbled = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: "next blursday" });
    expect(garbled.say).toBe("I did not understand that date or time. Please give me a day and a time.");
  });

  it("keeps a waiting list's 'after school' as the end of the afternoon, and says a last day that does not exist does not", async () => {
    const caller = newCaller();
    const said = await vapiReply(p.line, newCallId(), caller, "add_to_waitlist", {
      name: "Tom Retour",
      firstDay: dayAhead(2),
      lastDay: dayAhead(6),
      partOfDay: "after school",
    });
    expect(said.say).toMatch(/^Tom Retour is on the waiting list from .+ to .+, in the late afternoon\. /);
    const [entry] = await getDb().select().from(waitlistEntries).where(eq(waitlistEntries.phone, caller));
    expect(entry!.times).toEqual([{ from: "16:00", to: "19:00" }]);
    const year = Number(dayAhead(0).slice(0, 4)) + 1;
    const impossible = await vapiReply(p.line, newCallId(), caller, "add_to_waitlist", {
      name: "Tom Retour",
      firstDay: `${year}-02-20`,
      lastDay: `${year}-02-30`,
      language: "es",
    });
    expect(impossible.say).toMatch(/^El 30 de febrero no existe; el último día de ese mes es el /);
  });
});
