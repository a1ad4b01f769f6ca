// The scenario of `npm run bench:tenants` (scripts/bench-tenants.ts says what it measures). Run by vitest for its
// database setup and the test helpers; it only prints figures.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications } from "@/db/schema";
import { resetEnvCache } from "@/lib/platform/env";
import { startWorkers } from "@/lib/platform/jobs/queue";
import { sendCode } from "@/lib/receptionist/tools/identity";
import { PAGE_CODE_PREFIX } from "@/lib/booking-page/link";
import { appContext } from "@/lib/server/context";
import { JOB_QUEUES, jobHandlers } from "@/lib/server/job-handlers";
import { api } from "@/tests/helpers/api";
import { dayAhead, newCallId, practice, vapiTool, type Practice } from "@/tests/helpers/practice";

const args: string[] = JSON.parse(process.env.BENCH_TENANTS_ARGS ?? "[]");
const arg = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Math.max(0, Number(args[i + 1]) || fallback) : fallback;
};
/** Codes A's booking page is pumped with, and test events A sends (spread over its endpoints). */
const CODES = arg("codes", 60);
const TESTS = arg("tests", 20);
const A_ENDPOINTS = 4;
/** A's receiver answers after this: past the delivery timeout (10 s), so every attempt takes the whole of it. */
const SLOW_MS = 12_000;
const GIVE_UP_MS = 5 * 60_000;

const servers: http.Server[] = [];
async function receiver(delayMs: number, onArrival: () => void = () => {}): Promise<string> {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      onArrival();
      setTimeout(() => res.writeHead(200).end("ok"), delayMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

async function endpoint(p: Practice, url: string, events: string[]): Promise<string> {
  const res = await api("POST", "/api/webhook-endpoints", { token: p.token, body: { url, events } });
  if (res.status !== 201) throw new Error(`endpoint not made: ${res.status}`);
  return res.body.id as string;
}

let callers = 0;
const runTag = String(Date.now() % 10_000).padStart(4, "0");
const newMobile = () => `+3361${runTag.slice(1)}${String(++callers).padStart(4, "0")}`;

async function until(done: () => Promise<boolean> | boolean): Promise<number> {
  const start = performance.now();
  while (!(await done())) {
    if (performance.now() - start > GIVE_UP_MS) return Infinity;
    await new Promise((r) => setTimeout(r, 25));
  }
  return performance.now() - start;
}

const texted = async (userId: string, phone: string) =>
  (
    await getDb()
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.recipient, phone)))
      .limit(1)
  ).length > 0;

/** B's three measures: a code by phone, a code on its page, and the webhook of a booking by phone. */
async function practiceB(b: Practice, hookArrivals: { n: number }, time: string) {
  const ctx = appContext();
  const phone = newMobile();
  const page = newMobile();
  const [phoneCode, pageCode, webhook] = await Promise.all([
    (async () => {
      await sendCode(ctx.booking, { userId: b.user.id, providerCallId: newCallId("b-phone") }, phone, "fr");
      return until(() => texted(b.user.id, phone));
    })(),
    (async () => {
      await sendCode(ctx.booking, { userId: b.user.id, providerCallId: `${PAGE_CODE_PREFIX}${newCallId("b-page")}` }, page, "fr");
      return until(() => texted(b.user.id, page));
    })(),
    (async () => {
      const before = hookArrivals.n;
      const reply = await vapiTool(b.line, newCallId("b-book"), newMobile(), "book_appointment", {
        date: dayAhead(5),
        time,
        name: "Anne Martin",
      });
      if (!/^Booked/.test(reply)) throw new Error(`B's booking failed: ${reply}`);
      return until(() => hookArrivals.n > before);
    })(),
  ]);
  return { phoneCode, pageCode, webhook };
}

afterAll(async () => {
  // The receivers first (attempts still waiting on them end at once), then the workers, waiting for what they run.
  for (const s of servers) s.closeAllConnections();
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  const boss = await appContext().jobs.ready();
  await boss.stop({ graceful: true, wait: true, timeout: 20_000 });
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
});

it("another practice's codes and webhooks, quiet and under a flood", async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "true";
  resetEnvCache();
  const ctx = appContext();
  const a = await practice("Cabinet Flood");
  const b = await practice("Cabinet Calme");
  const bHooks = { n: 0 };
  await endpoint(b, await receiver(0, () => bHooks.n++), ["appointment.booked"]);
  const slow = await receiver(SLOW_MS);
  const aEndpoints: string[] = [];
  for (let i = 0; i < A_ENDPOINTS; i++) aEndpoints.push(await endpoint(a, `${slow}?${i}`, ["appointment.booked"]));
  await startWorkers(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices), JOB_QUEUES);

  const quiet = await practiceB(b, bHooks, "10:00");

  // A's flood: test events round the endpoints (those refused with 429 counted apart), then its page's codes.
  let accepted = 0;
  let refused = 0;
  for (let i = 0; i < TESTS; i++) {
    const res = await api("POST", `/api/webhook-endpoints/${aEndpoints[i % A_ENDPOINTS]}/test`, { token: a.token });
    if (res.status === 202) accepted++;
    else refused++;
  }
  for (let i = 0; i < CODES; i++) {
    await sendCode(ctx.booking, { userId: a.user.id, providerCallId: `${PAGE_CODE_PREFIX}${newCallId("pump")}` }, newMobile(), "fr");
  }
  const flood = await practiceB(b, bHooks, "11:00");

  const s = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : `> ${GIVE_UP_MS / 1000} s`);
  const ratio = (x: number, y: number) => (Number.isFinite(x) ? `${(x / Math.max(y, 1)).toFixed(1)}×` : "∞");
  console.log(
    [
      "",
      `Practice A: ${accepted} test events accepted (${refused} refused) to a receiver answering after ${SLOW_MS / 1000} s ` +
        `from ${A_ENDPOINTS} endpoints, and ${CODES} booking-page codes.`,
      `${"".padEnd(24)}${"quiet".padStart(10)}${"flood".padStart(10)}${"ratio".padStart(8)}`,
      ...(
        [
          ["B's code by phone", "phoneCode"],
          ["B's code on its page", "pageCode"],
          ["B's booking webhook", "webhook"],
        ] as const
      ).map(
        ([label, key]) =>
          `${label.padEnd(24)}${s(quiet[key]).padStart(10)}${s(flood[key]).padStart(10)}${ratio(flood[key], quiet[key]).padStart(8)}`,
      ),
      "",
    ].join("\n"),
  );
});
