// A pumped booking page slows down instead of closing: the wait between codes grows per client address and per number,
// a page past its daily cap refuses only the addresses behind the flood while a new visitor still gets a code, and the
// owner is emailed once. And a code is never readable in the stored text. Real routes and database, the sandbox outbox,
// the job queue drained in-process.
import { and, eq, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { bookingPages, loginAttempts, notifications, users, verificationCodes } from "@/db/schema";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { ADDRESS_SPACING, FLOOD_ADDRESS_CODES, PAGE_CODES_PER_DAY } from "@/lib/booking-page/code-limits";
import { PAGE_CODE_PREFIX } from "@/lib/booking-page/link";
import { spacedWaitMs } from "@/lib/accounts/auth/spaced-limit";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api, createAdmin } from "../helpers/api";
import { codeOf, receivedText } from "../helpers/codes";
import { practice, type Practice } from "../helpers/practice";

const runTag = String(Date.now() % 100_000).padStart(5, "0");
let callers = 0;
// +33 66…: valid French mobiles, a block no other test texts.
const newCaller = () => `+3366${runTag.slice(2)}${String(++callers).padStart(4, "0")}`;
const byte = () => 1 + Math.floor(Math.random() * 254);
const newAddress = () => `10.${byte()}.${byte()}.${byte()}`;
const FR = { "accept-language": "fr-FR,fr;q=0.9" };

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

async function openPage(name: string): Promise<{ p: Practice; slug: string }> {
  const p = await practice(`${name} ${runTag}`);
  const res = await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { p, slug: res.body.slug as string };
}

const askCode = (slug: string, phone: string, address: string) =>
  api("POST", `/api/book/${slug}/code`, { body: { phone }, headers: { ...FR, "x-forwarded-for": address } });

/** Time passes for one address's counter: its last code is `ms` earlier than it was. */
async function wait(address: string, ms: number) {
  await getDb()
    .update(loginAttempts)
    .set({ windowStart: sql`${loginAttempts.windowStart} - ${`${ms} milliseconds`}::interval` })
    .where(like(loginAttempts.key, `page-code:ip:%:${address}`));
}

describe("the wait between codes", () => {
  let slug: string;
  let p: Practice;
  beforeAll(async () => {
    ({ p, slug } = await openPage("Cabinet Patience"));
  });

  it("grows step by step for one address: two at once, then 30 s, 1 min, 2 min, 4 min, said in the visitor's language", async () => {
    const address = newAddress();
    for (let i = 0; i < 2; i++) expect((await askCode(slug, newCaller(), address)).status).toBe(202);
    const waits: number[] = [];
    for (let step = 0; step < 4; step++) {
      const refused = await askCode(slug, newCaller(), address);
      expect(refused.status, JSON.stringify(refused.body)).toBe(429);
      const seconds = Number(refused.headers.get("retry-after"));
      waits.push(seconds);
      expect(refused.body.message).toMatch(seconds < 120 ? /Patientez \d+ secondes avant/ : /Patientez \d+ minutes? avant/);
      // Not a second early…
      await wait(address, (seconds - 5) * 1000);
      expect((await askCode(slug, newCaller(), address)).status).toBe(429);
      // …and then it goes.
      await wait(address, 5000);
      expect((await askCode(slug, newCaller(), address)).status).toBe(202);
    }
    // Each wait about twice the one before (a second or two for the requests themselves).
    expect(waits.map((s) => Math.round(s / 30) * 30)).toEqual([30, 60, 120, 240]);
    expect(waits.map((_, i) => spacedWaitMs({ ...ADDRESS_SPACING, key: "" }, i + 2) / 1000)).toEqual([30, 60, 120, 240]);
  });

  it("also grows for one number, whichever address asks", async () => {
    const phone = newCaller();
    expect((await askCode(slug, phone, newAddress())).status).toBe(202);
    const again = await askCode(slug, phone, newAddress());
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("retry-after"))).toBeGreaterThan(25);
    expect(again.body.message).toMatch(/^Un code vient d’être envoyé\. Patientez \d+ secondes avant d’en demander un autre\.$/);
  });

  it("holds an address back on one page only, and forgets it after two quiet hours (a shared address is many people)", async () => {
    const address = newAddress();
    await getDb()
      .insert(loginAttempts)
      .values({ key: `page-code:ip:${p.user.id}:${address}`, windowStart: new Date(), failures: 8 });
    expect((await askCode(slug, newCaller(), address)).status).toBe(429);
    const other = await openPage("Cabinet Voisin");
    expect((await askCode(other.slug, newCaller(), address)).status).toBe(202);
    await wait(address, 2 * 3_600_000);
    expect((await askCode(slug, newCaller(), address)).status).toBe(202);
  });

  it("answers in the visitor's language, in minutes once the wait is long", async () => {
    const address = newAddress();
    await getDb()
      .insert(loginAttempts)
      .values({ key: `page-code:ip:${p.user.id}:${address}`, windowStart: new Date(), failures: 6 });
    const res = await api("POST", `/api/book/${slug}/code`, {
      body: { phone: newCaller() },
      headers: { "accept-language": "es-ES", "x-forwarded-for": address },
    });
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(
      /^Ya se han pedido varios códigos\. Espere (7|8) minutos antes de pedir otro, o llame a la consulta\.$/,
    );
  });
});

describe("a page past its daily cap", () => {
  let p: Practice;
  let slug: string;
  const flood = [newAddress(), newAddress(), newAddress()];

  beforeAll(async () => {
    ({ p, slug } = await openPage("Cabinet Inondé"));
    await getDb().update(users).set({ locale: "es" }).where(eq(users.id, p.user.id));
    // The flood: each of its addresses asked codes all day, at the pace its waits allowed …
    const hoursAgo = new Date(Date.now() - 90 * 60_000);
    for (const address of flood)
      await getDb()
        .insert(loginAttempts)
        .values({ key: `page-code:ip:${p.user.id}:${address}`, windowStart: hoursAgo, failures: FLOOD_ADDRESS_CODES + 2 });
    // … and the page texted its day's cap of codes but one.
    await getDb()
      .insert(verificationCodes)
      .values(
        Array.from({ length: PAGE_CODES_PER_DAY - 1 }, (_, i) => ({
          userId: p.user.id,
          providerCallId: `${PAGE_CODE_PREFIX}flood-${runTag}-${i}`,
          phone: `+3366${runTag.slice(2)}9${String(i).padStart(3, "0")}`,
          codeEnc: "",
          expiresAt: hoursAgo,
          createdAt: hoursAgo,
        })),
      );
  });

  const abuseEmails = () =>
    getDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id), like(notifications.dedupeKey, "booking-page-abuse:%")));

  it("refuses the flood's addresses while a new visitor still gets a code, and emails the owner once", async () => {
    // Below the cap, a flood address still gets its code (its wait has passed).
    expect((await askCode(slug, newCaller(), flood[0]!)).status).toBe(202);
    // That one was the cap's: the addresses behind the flood are refused for the day, not told to wait minutes.
    for (const address of flood.slice(1)) {
      const refused = await askCode(slug, newCaller(), address);
      expect(refused.status).toBe(429);
      expect(refused.headers.get("retry-after")).toBe("3600");
      expect(refused.body.message).toBe(
        "La réservation en ligne est très sollicitée aujourd’hui. Appelez le cabinet pour prendre rendez-vous.",
      );
    }
    // A new visitor: their code is sent.
    const visitor = newCaller();
    const fresh = await askCode(slug, visitor, newAddress());
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(202);
    await drain();
    const [text] = await getDb().select().from(notifications).where(eq(notifications.recipient, visitor));
    expect(receivedText(text!)).toMatch(/votre code de réservation est \d{6}\./);

    const emails = await abuseEmails();
    expect(emails).toHaveLength(1);
    expect(emails[0]).toMatchObject({ channel: "email", recipient: p.email });
    expect(emails[0]!.subject).toBe("Su página de reservas recibe un número inusual de solicitudes de código");
    expect(emails[0]!.body).toContain(`${PAGE_CODES_PER_DAY} códigos`);
    const [page] = await getDb().select().from(bookingPages).where(eq(bookingPages.userId, p.user.id));
    expect(page!.abuseNotifiedAt).not.toBeNull();

    // The flood goes on, more visitors come: no second email that day.
    expect((await askCode(slug, newCaller(), flood[1]!)).status).toBe(429);
    expect((await askCode(slug, newCaller(), newAddress())).status).toBe(202);
    await drain();
    expect(await abuseEmails()).toHaveLength(1);

    // A day later, still flooded: one more.
    await getDb()
      .update(bookingPages)
      .set({ abuseNotifiedAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(bookingPages.userId, p.user.id));
    expect((await askCode(slug, newCaller(), flood[2]!)).status).toBe(429);
    await drain();
    expect(await abuseEmails()).toHaveLength(2);
  });

  it("texts no one past its hard ceiling", async () => {
    const [{ n }] = (await getDb().execute(
      sql`select count(*)::int as n from verification_codes where user_id = ${p.user.id}`,
    )) as unknown as [{ n: number }];
    const stale = new Date(Date.now() - 3_600_000);
    await getDb()
      .insert(verificationCodes)
      .values(
        Array.from({ length: 5 * PAGE_CODES_PER_DAY - n }, (_, i) => ({
          userId: p.user.id,
          providerCallId: `${PAGE_CODE_PREFIX}ceiling-${runTag}-${i}`,
          phone: `+3366${runTag.slice(2)}8${String(i % 1000).padStart(3, "0")}`,
          codeEnc: "",
          expiresAt: stale,
          createdAt: stale,
        })),
      );
    const res = await askCode(slug, newCaller(), newAddress());
    expect(res.status).toBe(429);
    expect(res.body.message).toMatch(/^La réservation en ligne est très sollicitée/);
  });
});

describe("a code in the outbox", () => {
  let p: Practice;
  let slug: string;
  let phone: string;
  beforeAll(async () => {
    ({ p, slug } = await openPage("Cabinet Scellé"));
    phone = newCaller();
    expect((await askCode(slug, phone, newAddress())).status).toBe(202);
    await drain();
  });

  it("is never stored readable: •••••• in the text, the code sealed beside it", async () => {
    const [row] = await getDb().select().from(notifications).where(eq(notifications.recipient, phone));
    expect(row!.body).toMatch(/votre code de réservation est ••••••\./);
    const code = codeOf(row);
    expect(code).toMatch(/^\d{6}$/);
    const raw = await getDb().execute(sql`select * from notifications where id = ${row!.id}`);
    expect(JSON.stringify(raw)).not.toContain(code!);
  });

  it("shows as •••••• in the admin's sandbox outbox text, the code only apart from it (no one received it)", async () => {
    const admin = await createAdmin();
    const res = await api("GET", `/api/admin/outbox?q=${encodeURIComponent(phone)}`, { token: admin.token });
    expect(res.status).toBe(200);
    const [m] = res.body.messages as { body: string; code: string | null }[];
    expect(m!.body).toMatch(/votre code de réservation est ••••••\./);
    expect(JSON.stringify(res.body)).not.toMatch(/\d{6}\./);
    const [row] = await getDb().select().from(notifications).where(eq(notifications.recipient, phone));
    expect(m!.code).toBe(codeOf(row));
  });

  it("shows in the owner's outbox only because the sandbox delivered it, apart from the text", async () => {
    const res = await api("GET", "/api/outbox", { token: p.token });
    expect(res.status).toBe(200);
    const m = (res.body.messages as { recipient: string; body: string; provider: string; code: string | null }[]).find(
      (x) => x.recipient === phone,
    )!;
    expect(m.provider).toBe("sandbox");
    expect(m.body).toMatch(/••••••/);
    const [row] = await getDb().select().from(notifications).where(eq(notifications.recipient, phone));
    expect(m.code).toBe(codeOf(row));
  });

  it("stays •••••• in the owner's outbox for a text a real provider sent", async () => {
    const [row] = await getDb().select().from(notifications).where(eq(notifications.recipient, phone));
    await getDb().update(notifications).set({ provider: "telnyx" }).where(eq(notifications.id, row!.id));
    const res = await api("GET", "/api/outbox", { token: p.token });
    const m = (res.body.messages as { recipient: string; code: string | null; body: string }[]).find((x) => x.recipient === phone)!;
    expect(m.code).toBeNull();
    expect(m.body).toMatch(/••••••/);
  });
});
