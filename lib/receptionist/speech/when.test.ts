import { describe, expect, it } from "vitest";
import { callCalendar, daysBetween, readTime, readWhen, unreadableWords } from "./when";

describe("readTime", () => {
  it.each([
    ["9", "09:00"],
    ["9:00", "09:00"],
    ["09:00:00", "09:00"],
    ["09h00", "09:00"],
    ["9h", "09:00"],
    ["9 h 30", "09:30"],
    ["9.30", "09:30"],
    ["14:30", "14:30"],
    ["9:30 AM", "09:30"],
    ["2pm", "14:00"],
    ["2:15 p.m.", "14:15"],
    ["12 am", "00:00"],
    ["12 pm", "12:00"],
  ])("reads %s as %s", (raw, expected) => {
    expect(readTime(raw)).toBe(expected);
  });

  it.each(["24:00", "9:75", "13 pm", "noon", "", "tomorrow"])("refuses %s", (raw) => {
    expect(readTime(raw)).toBeNull();
  });
});

describe("readWhen", () => {
  it("takes a date and a time the way models send them", () => {
    expect(readWhen({ date: "2026-11-24", time: "09:00" })).toEqual({ date: "2026-11-24", time: "09:00", unreadable: null });
    expect(readWhen({ date: "2026-11-24", time: "9h30" })).toEqual({ date: "2026-11-24", time: "09:30", unreadable: null });
    expect(readWhen({ start: "2026-11-24T14:30" })).toEqual({ date: "2026-11-24", time: "14:30", unreadable: null });
    expect(readWhen({ dateTime: "2026-11-24T14:30:00" })).toEqual({ date: "2026-11-24", time: "14:30", unreadable: null });
    expect(readWhen({ date: "2026-11-24T14:30:00.000Z" })).toEqual({ date: "2026-11-24", time: "14:30", unreadable: null });
    expect(readWhen({ date: "2026-11-24 14:30" })).toEqual({ date: "2026-11-24", time: "14:30", unreadable: null });
    expect(readWhen({ date: "2026-1-5" })).toEqual({ date: "2026-01-05", time: null, unreadable: null });
  });

  it("says what it could not read", () => {
    expect(readWhen({ date: "next tuesday" }).unreadable).toBe("date");
    expect(readWhen({ date: "2026-13-01", time: "10:00" }).unreadable).toBe("date");
    expect(readWhen({ date: "2026-02-00" }).unreadable).toBe("date");
    expect(readWhen({ date: "2026-11-24", time: "after lunch" })).toEqual({ date: "2026-11-24", time: null, unreadable: "time" });
    expect(readWhen({})).toEqual({ date: null, time: null, unreadable: null });
  });

  it("tells a date no calendar has from one it cannot read: 'le 31 février' sent as 2027-02-31", () => {
    expect(readWhen({ date: "2027-02-31", time: "10:00" })).toEqual({
      date: null,
      time: "10:00",
      unreadable: { impossible: "2027-02-31" },
    });
    expect(readWhen({ start: "2027-4-31T09:00" }).unreadable).toEqual({ impossible: "2027-04-31" });
    expect(readWhen({ date: "2027-02-29" }).unreadable).toEqual({ impossible: "2027-02-29" });
    expect(readWhen({ date: "2028-02-29" })).toMatchObject({ date: "2028-02-29", unreadable: null });
  });

  it("lets a separate time win over the time inside a date-time", () => {
    expect(readWhen({ date: "2026-11-24T09:00", time: "15:00" })).toMatchObject({ date: "2026-11-24", time: "15:00" });
  });
});

describe("callCalendar", () => {
  it("counts days in the business's zone, across the end of a month and a DST change", () => {
    // 2026-10-24 23:30 in Paris (UTC+2); clocks go back on the 25th.
    const cal = callCalendar(new Date("2026-10-24T21:30:00Z"), "Europe/Paris", "en", 14);
    expect(cal.today).toBe("2026-10-24");
    expect(cal.time).toBe("23:30");
    expect(cal.days).toHaveLength(15);
    expect(cal.days[1]).toEqual({ date: "2026-10-25", spoken: "Sunday, October 25, 2026" });
    expect(cal.days[14]).toEqual({ date: "2026-11-07", spoken: "Saturday, November 7, 2026" });
    expect(daysBetween("2026-10-24", "2026-11-07")).toBe(14);
  });
});

describe("unreadableWords", () => {
  it("says a date that does not exist does not, with the month's last day, and asks for another day", () => {
    const impossible = { impossible: "2027-02-31" };
    expect(unreadableWords(impossible, "en", "2027-01-10")).toBe(
      "There is no February 31. The last day of that month is Sunday, February 28. Which day would you like?",
    );
    expect(unreadableWords(impossible, "fr", "2027-01-10")).toBe(
      "Le 31 février n'existe pas ; le dernier jour du mois est le dimanche 28 février. Quel jour vous conviendrait ?",
    );
    expect(unreadableWords(impossible, "es", "2027-01-10")).toBe(
      "El 31 de febrero no existe; el último día de ese mes es el domingo 28 de febrero. ¿Qué día le vendría bien?",
    );
    // February 29 exists in other years: the year is said. A last day already past is not offered.
    expect(unreadableWords({ impossible: "2027-02-29" }, "fr", "2027-06-08")).toBe(
      "Le 29 février 2027 n'existe pas. Quel jour vous conviendrait ?",
    );
    expect(unreadableWords({ impossible: "2027-04-31" }, "en")).toBe(
      "There is no April 31. The last day of that month is Friday, April 30. Which day would you like?",
    );
  });

  it("asks again for a date or a time it could not read", () => {
    expect(unreadableWords("date", "en")).toBe("I did not understand that date or time. Please give me a day and a time.");
    expect(unreadableWords("time", "es")).toBe("No he entendido la hora. Dígame una hora, por ejemplo 9:30 o 14:00.");
  });
});
