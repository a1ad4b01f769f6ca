// Public holidays are closed unless the owner opens them: filled for a new business's area (its country, and the region
// its address gives), said to callers by name in their language with the nearest open times, opened and closed again by
// the owner (a refresh, the daily sweep or a move keeps the choice), moved with the business, and given to businesses
// that existed before by a data migration. Real routes, Vapi webhook and database; the holidays come from date-holidays.
import { and, eq, gt } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { getDb } from "@/db/client";
import { runDataMigrations } from "@/db/data-migrations";
import { appointments, closures, holidayOpenings, practitioners, users } from "@/db/schema";
import { defaultWorkingHours } from "@/lib/accounts/account/working-hours";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { fillHolidays } from "@/lib/scheduling/closures/holidays";
import { publicHolidays } from "@/lib/scheduling/closures/holiday-calendar";
import { appContext } from "@/lib/server/context";
import { APP_DATA_MIGRATIONS } from "@/lib/server/data-migrations";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api, registerOwner, uniqueEmail } from "../helpers/api";
import { newCallId, practice, vapiReply, type Practice } from "../helpers/practice";
import { checkoutObject, deliverStripe, event, id } from "../helpers/stripe-events";

type Row = { id: string; from: string; to: string; reason: string | null; source: "owner" | "holiday"; practitionerId: string | null };
type Holiday = { day: string; to: string; name: string; open: boolean; closedBy: "holiday" | "owner" | null };

/** The business's local date today (or at `at`) in `timeZone`. */
function localToday(timeZone: string, at = new Date()): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(at);
}
/** The first date on `mmdd` from `today` on. */
function next(mmdd: string, today: string): string {
  const year = Number(today.slice(0, 4));
  return `${year}-${mmdd}` >= today ? `${year}-${mmdd}` : `${year + 1}-${mmdd}`;
}
function plusDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

async function holidayClosures(token: string): Promise<Row[]> {
  const res = await api("GET", "/api/closures", { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.closures as Row[]).filter((c) => c.source === "holiday");
}
async function holidays(token: string): Promise<{ area: string; regionName: string | null; holidays: Holiday[] }> {
  const res = await api("GET", "/api/closures/holidays", { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}
async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

describe("a new business's public holidays", () => {
  it("in Paris: Christmas is closed as « Noël », and each holiday of the next twelve months is listed apart", async () => {
    const owner = await registerOwner(
      { timeZone: "Europe/Paris", locale: "fr", businessAddress: "12 rue de la Paix, 75002 Paris" },
      { holidays: "closed" },
    );
    const today = localToday("Europe/Paris");
    const christmas = next("12-25", today);
    const closed = await holidayClosures(owner.token);
    expect(closed).toContainEqual(
      expect.objectContaining({ from: christmas, to: christmas, reason: "Noël", source: "holiday", openTime: null, practitionerId: null }),
    );
    const list = await holidays(owner.token);
    expect(list.area).toBe("FR");
    expect(list.regionName).toBeNull();
    expect(list.holidays).toContainEqual({ day: christmas, to: christmas, name: "Noël", open: false, closedBy: "holiday" });
    // France has eleven public holidays a year: ten or eleven fall in any twelve months from today.
    expect(list.holidays.length).toBeGreaterThanOrEqual(10);
    expect(list.holidays.every((h) => h.day >= today && h.day <= plusDays(today, 366))).toBe(true);
    expect(list.holidays.every((h) => h.closedBy === "holiday")).toBe(true);
    expect(closed.map((c) => c.from).sort()).toEqual(list.holidays.map((h) => h.day).sort());
  });

  it("in Madrid: 8 December and the Community of Madrid's own day; in Barcelona, 26 December « Sant Esteve »", async () => {
    const madrid = await registerOwner(
      { timeZone: "Europe/Madrid", locale: "es", businessAddress: "Calle de Alcalá 45, 28014 Madrid" },
      { holidays: "closed" },
    );
    const today = localToday("Europe/Madrid");
    const list = await holidays(madrid.token);
    expect(list).toMatchObject({ area: "ES-MD", regionName: "Comunidad de Madrid" });
    const closed = await holidayClosures(madrid.token);
    expect(closed).toContainEqual(expect.objectContaining({ from: next("12-08", today), reason: "Inmaculada Concepción" }));
    expect(closed).toContainEqual(expect.objectContaining({ from: next("12-25", today), reason: "Navidad" }));
    expect(closed.some((c) => c.reason?.startsWith("Día de la Comunidad de Madrid"))).toBe(true);

    const barcelona = await registerOwner(
      { timeZone: "Europe/Madrid", locale: "es", businessAddress: "Carrer de Mallorca 401, 08013 Barcelona" },
      { holidays: "closed" },
    );
    expect((await holidays(barcelona.token)).area).toBe("ES-CT");
    const catalan = await holidayClosures(barcelona.token);
    expect(catalan).toContainEqual(expect.objectContaining({ from: next("12-26", today), reason: "Sant Esteve" }));
    expect(catalan.some((c) => c.reason?.startsWith("Día de la Comunidad de Madrid"))).toBe(false);
  });

  it("in the United Kingdom, its nation's: Scotland's 2 January and St Andrew's Day in Edinburgh, England's in London", async () => {
    const edinburgh = await registerOwner(
      { timeZone: "Europe/London", locale: "en", businessAddress: "12 Princes Street, Edinburgh EH2 2AN" },
      { holidays: "closed" },
    );
    const today = localToday("Europe/London");
    expect(await holidays(edinburgh.token)).toMatchObject({ area: "GB-SCT", regionName: "Scotland" });
    const scottish = await holidayClosures(edinburgh.token);
    expect(scottish).toContainEqual(expect.objectContaining({ from: next("01-02", today), reason: "2nd January" }));
    expect(scottish.some((c) => /^St Andrew.s Day/.test(c.reason ?? ""))).toBe(true);
    expect(scottish).toContainEqual(expect.objectContaining({ from: next("12-25", today), reason: "Christmas Day" }));

    const london = await registerOwner(
      { timeZone: "Europe/London", locale: "en", businessAddress: "221B Baker Street, London NW1 6XE" },
      { holidays: "closed" },
    );
    expect((await holidays(london.token)).area).toBe("GB-ENG");
    const english = await holidayClosures(london.token);
    expect(english).toContainEqual(expect.objectContaining({ from: next("12-26", today), reason: "Boxing Day" }));
    expect(english.some((c) => c.reason === "Easter Monday")).toBe(true);
    expect(english.some((c) => /^(2nd January|St Andrew)/.test(c.reason ?? ""))).toBe(false);
  });

  it("for the account a checkout creates: filled with the account, named in the payer's language", async () => {
    const email = uniqueEmail("holiday-checkout");
    const done = await deliverStripe(
      event("checkout.session.completed", checkoutObject({ sub: id("sub"), customer: id("cus"), email, locale: "es" })),
    );
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    await drain();
    const [account] = await getDb().select({ id: users.id, area: users.holidayArea }).from(users).where(eq(users.email, email));
    expect(account!.area).toBe("FR");
    const rows = await getDb()
      .select({ from: closures.startsOn, reason: closures.reason })
      .from(closures)
      .where(and(eq(closures.userId, account!.id), eq(closures.source, "holiday")));
    expect(rows).toContainEqual({ from: next("12-25", localToday("Europe/Paris")), reason: "Navidad" });
  });

  it("fills once however many run at once, and never touches the owner's own closures", async () => {
    const owner = await registerOwner({ timeZone: "Europe/Paris", locale: "fr" }, { holidays: "closed" });
    const today = localToday("Europe/Paris");
    const christmas = next("12-25", today);
    // The owner's own closure over Christmas: it stays, and the holiday is not added beside it.
    await getDb()
      .delete(closures)
      .where(and(eq(closures.userId, owner.user.id), eq(closures.source, "holiday")));
    const own = await api("POST", "/api/closures", { token: owner.token, body: { from: christmas, reason: "Fermeture annuelle" } });
    expect(own.status, JSON.stringify(own.body)).toBe(201);
    const runs = await Promise.all([fillHolidays(getDb(), owner.user.id), fillHolidays(getDb(), owner.user.id)]);
    expect(runs.map((r) => r!.imported).sort((a, b) => a - b)).toEqual([0, (await holidays(owner.token)).holidays.length - 1]);
    const rows = await getDb().select().from(closures).where(eq(closures.userId, owner.user.id));
    const days = rows.map((r) => r.startsOn);
    expect(new Set(days).size).toBe(days.length);
    expect(rows.find((r) => r.startsOn === christmas)).toMatchObject({ source: "owner", reason: "Fermeture annuelle" });
    const [row] = await getDb()
      .select({ area: users.holidayArea, through: users.holidaysThrough })
      .from(users)
      .where(eq(users.id, owner.user.id));
    expect(row).toEqual({ area: "FR", through: plusDays(today, 365) });
  });
});

// Christmas through the Vapi webhook: the clock is set to a day at most three weeks before a Christmas (today when one
// is that close, else 1 December of the next one), so what is said and offered is inside the booking horizon whatever
// day the suite runs. Never earlier than now: sessions and trials are checked against the database's own clock.
describe("a call about Christmas", () => {
  let p: Practice;
  let christmas: string;
  let boxingDay: string;
  const caller = "+33655502512";
  const W = {
    en: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    fr: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    es: ["domingo", "lunes", "martes", "miércoles", "jueves", "viernes", "sábado"],
  };
  const weekday = (date: string, language: "en" | "fr" | "es") => W[language][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
  const said = {
    en: (d: string) => `${weekday(d, "en")}, December ${Number(d.slice(8))}`,
    fr: (d: string) => `${weekday(d, "fr")} ${Number(d.slice(8))} décembre`,
    es: (d: string) => `${weekday(d, "es")} ${Number(d.slice(8))} de diciembre`,
  };
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

  beforeAll(async () => {
    const now = new Date();
    const today = localToday("Europe/Paris", now);
    const year = Number(today.slice(0, 4)) + (today > `${today.slice(0, 4)}-12-20` ? 1 : 0);
    const december = new Date(`${year}-12-01T08:00:00Z`);
    vi.useFakeTimers({ toFake: ["Date"], now: december > now ? december : now });
    christmas = `${year}-12-25`;
    boxingDay = `${year}-12-26`;
    p = await practice("Cabinet Noël", { holidays: "closed", overrides: { locale: "fr" } });
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  it("says in each language that the business is closed for Christmas, then the nearest times, each with its day", async () => {
    const en = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: christmas, language: "en" });
    expect(en.say).toMatch(new RegExp(`^We are closed on ${said.en(christmas)} for Christmas Day\\. .*${said.en(boxingDay)} at `));
    const fr = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: christmas, language: "fr" });
    expect(fr.say).toMatch(new RegExp(`^Nous sommes fermés le ${said.fr(christmas)} pour Noël\\. .*${escape(said.fr(boxingDay))} à `));
    const es = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: christmas, language: "es" });
    expect(es.say).toMatch(new RegExp(`^Estamos cerrados el ${said.es(christmas)} por Navidad\\. .*${escape(said.es(boxingDay))} a las `));
    for (const reply of [en, fr, es]) {
      expect(reply.slots!.length).toBeGreaterThan(0);
      expect(reply.slots!.every((s) => s.date === boxingDay)).toBe(true);
    }
  });

  it("refuses to book Christmas the same way, and books nothing", async () => {
    const booked = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: christmas,
      time: "10:00",
      name: "Noémie Noël",
      language: "en",
    });
    expect(booked.say).toMatch(new RegExp(`^We are closed on ${said.en(christmas)} for Christmas Day\\. `));
    expect(booked.slots!.some((s) => s.date === christmas)).toBe(false);
    const rows = await getDb().select().from(appointments).where(eq(appointments.userId, p.user.id));
    expect(rows).toHaveLength(0);
  });

  it("opened by the owner, Christmas is bookable; a refresh, the sweep and a move keep it open; closed again, it is closed", async () => {
    const opened = await api("PUT", `/api/closures/holidays/${christmas}`, {
      token: p.token,
      body: { open: true },
      headers: { "accept-language": "fr" },
    });
    expect(opened.status, JSON.stringify(opened.body)).toBe(200);
    expect(opened.body).toMatchObject({
      message: "Noël\u00a0: l'établissement est ouvert, les appelants peuvent réserver ce jour-là.",
      holiday: { day: christmas, name: "Noël", open: true, closedBy: null },
      appointmentsInside: 0,
    });
    const free = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: christmas, language: "en" });
    expect(free.slots!.some((s) => s.date === christmas)).toBe(true);
    const booked = await vapiReply(p.line, newCallId(), caller, "book_appointment", {
      date: christmas,
      time: "10:00",
      name: "Noémie Noël",
      language: "en",
    });
    expect(booked.say).toMatch(/^Booked/);

    const isOpen = async () => (await holidays(p.token)).holidays.find((h) => h.day === christmas);
    // The Closures page's refresh.
    const refreshed = await api("POST", "/api/closures/holidays", { token: p.token, body: {} });
    expect(refreshed.status, JSON.stringify(refreshed.body)).toBe(200);
    expect(refreshed.body.closures.some((c: Row) => c.from === christmas)).toBe(false);
    expect(await isOpen()).toMatchObject({ open: true, closedBy: null });
    // A refill, as the daily sweep runs it (the sweep itself is tested below, on the real clock).
    expect((await fillHolidays(getDb(), p.user.id))!.closures.some((c) => c.from === christmas)).toBe(false);
    expect(await isOpen()).toMatchObject({ open: true, closedBy: null });
    // A move to Strasbourg: Alsace's holidays (26 December among them) close, Christmas stays open.
    const moved = await api("PUT", "/api/auth/update-profile", {
      token: p.token,
      body: { businessAddress: "1 place de la Cathédrale, 67000 Strasbourg" },
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const alsace = await holidays(p.token);
    expect(alsace.area).toBe("FR-67");
    expect(alsace.holidays.find((h) => h.day === boxingDay)).toMatchObject({ open: false, closedBy: "holiday" });
    expect(alsace.holidays.find((h) => h.day === christmas)).toMatchObject({ open: true, closedBy: null });
    const still = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: christmas, language: "en" });
    expect(still.slots!.some((s) => s.date === christmas)).toBe(true);

    const closedAgain = await api("PUT", `/api/closures/holidays/${christmas}`, { token: p.token, body: { open: false } });
    expect(closedAgain.status, JSON.stringify(closedAgain.body)).toBe(200);
    expect(closedAgain.body).toMatchObject({
      message: "Noël: closed again.",
      holiday: { day: christmas, open: false, closedBy: "holiday" },
      // The appointment booked while it was open stays; the owner is told.
      appointmentsInside: 1,
    });
    const shut = await vapiReply(p.line, newCallId(), caller, "check_availability", { date: christmas, language: "es" });
    expect(shut.say).toMatch(new RegExp(`^Estamos cerrados el ${said.es(christmas)} por Navidad\\. `));
  });

  it("an owner's closure over a holiday takes its place; deleting it closes the holiday again; deleting a holiday's closure opens it", async () => {
    const owner = await practice("Cabinet Congés", { holidays: "closed", overrides: { locale: "fr" } });
    const created = await api("POST", "/api/closures", {
      token: owner.token,
      body: { from: plusDays(christmas, -1), to: boxingDay, reason: "Congés de Noël" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect((await holidays(owner.token)).holidays.find((h) => h.day === christmas)).toMatchObject({ closedBy: "owner", open: false });
    const covered = await vapiReply(owner.line, newCallId(), caller, "check_availability", { date: christmas, language: "fr" });
    expect(covered.say).toMatch(new RegExp(`^Nous sommes fermés du .*\\(Congés de Noël\\)\\.`));
    expect((await api("DELETE", `/api/closures/${created.body.id}`, { token: owner.token })).status).toBe(200);
    const back = (await holidayClosures(owner.token)).find((c) => c.from === christmas)!;
    expect(back).toMatchObject({ reason: "Noël" });
    // The holiday's own closure deleted from the list: that holiday is opened, and a refresh keeps it so.
    expect((await api("DELETE", `/api/closures/${back.id}`, { token: owner.token })).status).toBe(200);
    await api("POST", "/api/closures/holidays", { token: owner.token, body: {} });
    expect((await holidays(owner.token)).holidays.find((h) => h.day === christmas)).toMatchObject({ open: true, closedBy: null });
  });

  it("moving from Paris to Madrid replaces the French holidays with Spanish ones; the owner's closures and choices stay", async () => {
    const owner = await registerOwner({ timeZone: "Europe/Paris", locale: "fr" }, { holidays: "closed" });
    const today = localToday("Europe/Paris");
    const newYear = next("01-01", today);
    const armistice = next("11-11", today);
    expect((await holidayClosures(owner.token)).some((c) => c.from === armistice && c.reason === "Armistice 1918")).toBe(true);
    expect((await api("PUT", `/api/closures/holidays/${newYear}`, { token: owner.token, body: { open: true } })).status).toBe(200);
    const own = await api("POST", "/api/closures", { token: owner.token, body: { from: plusDays(christmas, -1), reason: "Formation" } });
    expect(own.status).toBe(201);

    const moved = await api("PUT", "/api/auth/update-profile", { token: owner.token, body: { timeZone: "Europe/Madrid" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const spain = await holidays(owner.token);
    expect(spain.area).toBe("ES");
    const closed = await holidayClosures(owner.token);
    // France's own days are gone; Spain's are closed, named in the account's language (French).
    expect(closed.some((c) => c.from === armistice || c.from === next("07-14", today))).toBe(false);
    expect(closed).toContainEqual(expect.objectContaining({ from: next("12-08", today), reason: "Immaculée Conception" }));
    expect(closed).toContainEqual(expect.objectContaining({ from: next("10-12", today), reason: "Fiesta Nacional de España" }));
    expect(closed).toContainEqual(expect.objectContaining({ from: christmas, reason: "Noël" }));
    // 1 January is a holiday in both: the owner opened it, and it stays open.
    expect(spain.holidays.find((h) => h.day === newYear)).toMatchObject({ open: true, closedBy: null });
    const all = (await api("GET", "/api/closures", { token: owner.token })).body.closures as Row[];
    expect(all.filter((c) => c.source === "owner")).toEqual([expect.objectContaining({ id: own.body.id, reason: "Formation" })]);
  });
});

describe("opening a public holiday", () => {
  it("is the owner's own: another practice gets a 404 for a day that is none of its holidays, and changes nothing", async () => {
    const madrid = await registerOwner(
      { timeZone: "Europe/Madrid", locale: "es", businessAddress: "Calle de Alcalá 45, 28014 Madrid" },
      { holidays: "closed" },
    );
    const paris = await registerOwner({ timeZone: "Europe/Paris", locale: "fr" }, { holidays: "closed" });
    const immaculate = next("12-08", localToday("Europe/Madrid"));
    const res = await api("PUT", `/api/closures/holidays/${immaculate}`, {
      token: paris.token,
      body: { open: true },
      headers: { "accept-language": "es" },
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("Ese día no es uno de sus festivos.");
    expect((await holidays(madrid.token)).holidays.find((h) => h.day === immaculate)).toMatchObject({ open: false, closedBy: "holiday" });
    const spanishClosure = (await holidayClosures(madrid.token)).find((c) => c.from === immaculate)!;
    expect((await api("DELETE", `/api/closures/${spanishClosure.id}`, { token: paris.token })).status).toBe(404);
    expect((await holidayClosures(madrid.token)).some((c) => c.id === spanishClosure.id)).toBe(true);
    expect((await api("PUT", `/api/closures/holidays/${immaculate}`, { body: { open: true } })).status).toBe(401);
  });

  it("refuses bad input with a translated 400, and a day already past", async () => {
    const owner = await registerOwner({ timeZone: "Europe/Paris", locale: "fr" }, { holidays: "closed" });
    const fr = { "accept-language": "fr" };
    const christmas = next("12-25", localToday("Europe/Paris"));
    const badDay = await api("PUT", "/api/closures/holidays/2026-13-45", { token: owner.token, body: { open: true }, headers: fr });
    expect(badDay.status).toBe(400);
    expect(badDay.body.message).toBe("Veuillez saisir une date valide");
    const notBoolean = await api("PUT", `/api/closures/holidays/${christmas}`, { token: owner.token, body: { open: "oui" }, headers: fr });
    expect(notBoolean.status).toBe(400);
    expect(notBoolean.body.message).toBe("Ouvert doit valoir vrai ou faux");
    const missing = await api("PUT", `/api/closures/holidays/${christmas}`, { token: owner.token, body: {}, headers: fr });
    expect(missing.status).toBe(400);
    const lastYear = `${Number(localToday("Europe/Paris").slice(0, 4)) - 1}-12-25`;
    const past = await api("PUT", `/api/closures/holidays/${lastYear}`, { token: owner.token, body: { open: true } });
    expect(past.status).toBe(400);
    expect(past.body.message).toBe("This public holiday is already over.");
    const ordinary = await api("PUT", `/api/closures/holidays/${plusDays(christmas, -2)}`, { token: owner.token, body: { open: true } });
    expect(ordinary.status).toBe(404);
    expect(ordinary.body.message).toBe("That day is not one of your public holidays.");
    // Nothing was opened by any of them.
    expect((await holidays(owner.token)).holidays.every((h) => !h.open)).toBe(true);
  });
});

describe("businesses created before public holidays were closed", () => {
  async function existingBusiness(): Promise<string> {
    const [row] = await getDb()
      .insert(users)
      .values({
        email: `holidays-${randomUUID()}@example.com`,
        fullName: "Owner",
        timeZone: "Europe/Madrid",
        locale: "es",
        businessAddress: "Carrer de Mallorca 401, 08013 Barcelona",
        workingHours: defaultWorkingHours(),
      })
      .returning({ id: users.id });
    return row!.id;
  }
  const holidayRows = (userId: string) =>
    getDb()
      .select({ from: closures.startsOn, reason: closures.reason })
      .from(closures)
      .where(and(eq(closures.userId, userId), eq(closures.source, "holiday")));

  it("get theirs from the data migration, once: a second run adds nothing", async () => {
    const userId = await existingBusiness();
    expect(await holidayRows(userId)).toEqual([]);
    const step = APP_DATA_MIGRATIONS.find((s) => s.id === "0002_public_holidays")!;
    const first = await step.run(getDb());
    expect(first.filled).toBeGreaterThanOrEqual(1);
    expect(first.failed).toBe(0);
    const filled = await holidayRows(userId);
    expect(filled).toContainEqual({ from: next("12-26", localToday("Europe/Madrid")), reason: "Sant Esteve" });
    const second = await step.run(getDb());
    expect(second.filled).toBe(0);
    expect(await holidayRows(userId)).toEqual(filled);
    // The start-up ran it already on this database (tests/setup/global.ts): the runner does not run it again.
    expect(await runDataMigrations(getDb(), APP_DATA_MIGRATIONS)).toEqual([]);
  });

  it("keep what they chose when they imported them: a holiday they deleted stays open, one the list leaves out stays closed", async () => {
    const [row] = await getDb()
      .insert(users)
      .values({
        email: `holidays-${randomUUID()}@example.com`,
        fullName: "Owner",
        timeZone: "America/New_York",
        locale: "en",
        workingHours: defaultWorkingHours(),
      })
      .returning({ id: users.id });
    const userId = row!.id;
    const today = localToday("America/New_York");
    const wanted = publicHolidays("US", "en", today, plusDays(today, 365));
    expect(wanted.length).toBeGreaterThanOrEqual(4);
    const [first, deleted, third] = [wanted[0]!, wanted[1]!, wanted[2]!];
    // The old import closed every holiday date-holidays calls public (Veterans Day among them, a day the new list
    // leaves out as most practices open then); this owner deleted the second one.
    const veterans = next("11-11", today);
    await getDb()
      .insert(closures)
      .values(
        [first, third, { from: veterans, to: veterans, name: "Veterans Day" }].map((h) => ({
          userId,
          startsOn: h.from,
          endsOn: h.to,
          reason: h.name,
          source: "holiday" as const,
        })),
      );
    await fillHolidays(getDb(), userId);
    const rows = await getDb()
      .select({ from: closures.startsOn, source: closures.source })
      .from(closures)
      .where(eq(closures.userId, userId));
    const sourceOn = (day: string) => rows.find((r) => r.from === day)?.source;
    expect([sourceOn(first.from), sourceOn(third.from), sourceOn(veterans)]).toEqual(["holiday", "holiday", "owner"]);
    expect(sourceOn(deleted.from)).toBeUndefined();
    const openings = await getDb().select({ day: holidayOpenings.day }).from(holidayOpenings).where(eq(holidayOpenings.userId, userId));
    expect(openings.map((o) => o.day)).toContain(deleted.from);
  });

  it("get their region's own holidays though the old import, by country, never had them: not taken for deleted", async () => {
    const [row] = await getDb()
      .insert(users)
      .values({
        email: `holidays-${randomUUID()}@example.com`,
        fullName: "Owner",
        timeZone: "Europe/London",
        locale: "en",
        businessAddress: "10 Downing Street, London SW1A 2AA",
        workingHours: defaultWorkingHours(),
      })
      .returning({ id: users.id });
    const userId = row!.id;
    const today = localToday("Europe/London");
    const yearOn = plusDays(today, 365);
    // The old import closed the United Kingdom's list: England's August bank holiday is not on it.
    const imported = publicHolidays("GB", "en", today, yearOn);
    const august = publicHolidays("GB-ENG", "en", today, yearOn).find((h) => h.from.slice(5, 7) === "08")!;
    expect(imported.map((h) => h.from)).not.toContain(august.from);
    await getDb()
      .insert(closures)
      .values(imported.map((h) => ({ userId, startsOn: h.from, endsOn: h.to, reason: h.name, source: "holiday" as const })));
    await fillHolidays(getDb(), userId);
    expect((await holidayRows(userId)).map((h) => h.from)).toContain(august.from);
    const openings = await getDb().select({ day: holidayOpenings.day }).from(holidayOpenings).where(eq(holidayOpenings.userId, userId));
    expect(openings).toEqual([]);
  });

  it("keep closed a holiday the owner closed again over its bookings, whatever the sweep", async () => {
    const userId = await existingBusiness();
    await fillHolidays(getDb(), userId);
    const [p] = await getDb().select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId));
    const stEsteve = next("12-26", localToday("Europe/Madrid"));
    const at = new Date(`${stEsteve}T09:00:00Z`);
    // Booked while it was open, then closed again by the owner: the closure is there with the appointment inside it.
    await getDb()
      .insert(appointments)
      .values({ userId, practitionerId: p!.id, patientName: "Pau", startsAt: at, endsAt: new Date(at.getTime() + 1_800_000) });
    for (let run = 0; run < 2; run++) {
      await getDb().update(users).set({ holidaysThrough: null }).where(eq(users.id, userId));
      const fill = await fillHolidays(getDb(), userId);
      expect(fill!.keptOpen).toBe(0);
    }
    expect((await holidayRows(userId)).map((h) => h.from)).toContain(stEsteve);
    const openings = await getDb().select({ day: holidayOpenings.day }).from(holidayOpenings).where(eq(holidayOpenings.userId, userId));
    expect(openings).toEqual([]);
  });

  it("never get a holiday closed on a day they already have appointments: it is kept open, and the owner is told", async () => {
    const userId = await existingBusiness();
    const [p] = await getDb().select({ id: practitioners.id }).from(practitioners).where(eq(practitioners.userId, userId));
    const stEsteve = next("12-26", localToday("Europe/Madrid"));
    const at = new Date(`${stEsteve}T09:00:00Z`);
    await getDb()
      .insert(appointments)
      .values({ userId, practitionerId: p!.id, patientName: "Pau", startsAt: at, endsAt: new Date(at.getTime() + 1_800_000) });
    const fill = await fillHolidays(getDb(), userId);
    expect(fill!.keptOpen).toBe(1);
    expect((await holidayRows(userId)).map((h) => h.from)).not.toContain(stEsteve);
    const openings = await getDb().select({ day: holidayOpenings.day }).from(holidayOpenings).where(eq(holidayOpenings.userId, userId));
    expect(openings.map((o) => o.day)).toEqual([stEsteve]);
  });

  it("and the daily sweep fills next year's as they come into the twelve months", async () => {
    const userId = await existingBusiness();
    await fillHolidays(getDb(), userId);
    const today = localToday("Europe/Madrid");
    // As if filled two months ago: nothing known past ten months from now.
    const tenMonths = plusDays(today, 300);
    await getDb().update(users).set({ holidaysThrough: tenMonths }).where(eq(users.id, userId));
    const later = (await holidayRows(userId)).filter((h) => h.from > tenMonths);
    expect(later.length).toBeGreaterThan(0);
    await getDb()
      .delete(closures)
      .where(and(eq(closures.userId, userId), gt(closures.startsOn, tenMonths)));
    await appContext().jobs.send("holiday-sweep", {});
    await drain();
    const byDay = (a: { from: string }, b: { from: string }) => a.from.localeCompare(b.from);
    expect((await holidayRows(userId)).filter((h) => h.from > tenMonths).sort(byDay)).toEqual(later.sort(byDay));
  });
});
