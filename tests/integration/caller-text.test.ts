// A caller's words are shown as they said them, wherever they are shown: a patient who gives their name as
// "@Api.unauthorized" (which reads like one of our message keys) is called that in the practice's synced calendar,
// its calendar feed, the owner's email, the caller's text and the appointments API, never "Authentication required…".
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calendarEvents, notifications } from "@/db/schema";
import { GET as feedRoute } from "@/app/api/calendar-feed/[token]/route";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { translate } from "@/lib/platform/i18n/translate";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapiTool, type Practice } from "../helpers/practice";

const NAME = "@Api.unauthorized";
const REASON = "@Fields.email {business}";
const CALLER = "+33655000461";
// What the name would have read as, in the owner's French and in English.
const LOOKED_UP = [translate("fr", "Api.unauthorized"), translate("en", "Api.unauthorized")];

let p: Practice;

async function drain() {
  const ctx = appContext();
  await drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

function expectVerbatim(text: string, where: string) {
  expect(text, where).toContain(NAME);
  for (const wrong of LOOKED_UP) expect(text, where).not.toContain(wrong);
}

beforeAll(async () => {
  p = await practice("Cabinet Arobase", { overrides: { locale: "fr" } });
  const said = await vapiTool(p.line, newCallId("at-name"), CALLER, "book_appointment", {
    date: dayAhead(5),
    time: "10:00",
    name: NAME,
    reason: REASON,
  });
  expect(said).toMatch(/booked|réservé|rendez-vous/i);
  await drain();
});

describe("a caller named like a message key", () => {
  it("is named as they said it in the appointments API", async () => {
    const res = await api("GET", "/api/appointments", { token: p.token });
    expect(res.status).toBe(200);
    const [appt] = res.body.upcoming;
    expect(appt.patientName).toBe(NAME);
    expect(appt.reason).toBe(REASON);
  });

  it("is named as they said it in the synced calendar event", async () => {
    const events = await getDb().select().from(calendarEvents).where(eq(calendarEvents.userId, p.user.id));
    expect(events).toHaveLength(1);
    expectVerbatim(events[0]!.summary, "summary");
    expectVerbatim(events[0]!.description, "description");
    expect(events[0]!.description).toContain(REASON);
  });

  it("is named as they said it in the calendar feed", async () => {
    const url = (await api("GET", "/api/calendar-feed", { token: p.token })).body.url as string;
    const token = decodeURIComponent(new URL(url).pathname.split("/").pop()!);
    const res = await feedRoute(new Request(new URL(`/api/calendar-feed/${token}`, "http://localhost:3000")), {
      params: Promise.resolve({ token }),
    });
    expect(res.status).toBe(200);
    // iCalendar folds long lines: unfolded, the name reads whole.
    const ics = (await res.text()).replace(/\r\n[ \t]/g, "");
    expectVerbatim(ics, "feed");
    expect(ics).toContain("@Fields.email {business}");
  });

  it("is named as they said it in the owner's email, and their text shows nothing read as a key", async () => {
    const sent = await getDb()
      .select({
        channel: notifications.channel,
        recipient: notifications.recipient,
        subject: notifications.subject,
        body: notifications.body,
      })
      .from(notifications)
      .where(and(eq(notifications.userId, p.user.id)));
    const owners = sent.filter((n) => n.recipient === p.user.email);
    expect(owners.length, JSON.stringify(sent.map((n) => n.recipient))).toBeGreaterThan(0);
    expectVerbatim(owners.map((n) => `${n.subject ?? ""}\n${n.body}`).join("\n"), "owner's email");
    const texts = sent.filter((n) => n.recipient === CALLER);
    expect(texts.length).toBeGreaterThan(0);
    for (const t of texts) for (const wrong of LOOKED_UP) expect(t.body).not.toContain(wrong);
  });
});
