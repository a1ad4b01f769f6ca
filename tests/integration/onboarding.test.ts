// One setup whichever way an owner signed up: registration, or a checkout's emailed link. GET /api/account/setup says
// which steps are done (each read from what it sets), the next one, and whether the receptionist takes calls yet; the
// link a setup began with leads its owner back to it once used; the thank-you page's summary says what the checkout
// started.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notifications, users } from "@/db/schema";
import { openSetupLink } from "@/lib/accounts/account/accounts.service";
import { checkoutSummary } from "@/lib/billing/checkout-outcome";
import { drainJobs } from "@/lib/platform/jobs/queue";
import { appContext } from "@/lib/server/context";
import { jobHandlers } from "@/lib/server/job-handlers";
import { addPoolNumbers, api, connectSandboxCalendar, registerOwner, startTrial, uniqueEmail } from "../helpers/api";

async function drain() {
  const ctx = appContext();
  return drainJobs(await ctx.jobs.ready(), jobHandlers(ctx.booking, ctx.dispatch, ctx.notices));
}

const setupOf = async (token: string) => {
  const res = await api("GET", "/api/account/setup", { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe("GET|POST /api/account/setup", () => {
  it("after a registration: the calendar next, then the number with its free trial; then calls are answered", async () => {
    await addPoolNumbers(1);
    const owner = await registerOwner();
    expect(await setupOf(owner.token)).toEqual({
      done: { password: true, information: true, workingHours: true, calendar: false, phone: false },
      ready: { calendar: false, phone: false, plan: false },
      planLive: false,
      planStarted: false,
      next: "calendar",
      canTakeCalls: false,
    });
    await connectSandboxCalendar(owner.token);
    expect(await setupOf(owner.token)).toMatchObject({ next: "phone", planLive: false, canTakeCalls: false });
    // No number without a plan: the setup's last step starts the trial first.
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(402);
    await startTrial(owner.token);
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
    expect(await setupOf(owner.token)).toEqual({
      done: { password: true, information: true, workingHours: true, calendar: true, phone: true },
      ready: { calendar: true, phone: true, plan: true },
      planLive: true,
      planStarted: true,
      next: null,
      canTakeCalls: true,
    });
  });

  it("after a checkout: the password first; the information and hours are recorded once gone through, in order", async () => {
    const email = uniqueEmail("onboard");
    const paid = await api("POST", "/api/sandbox/billing/checkout", { body: { email, locale: "fr" } });
    expect(paid.status).toBe(200);
    await drain();
    const [mail] = await getDb().select().from(notifications).where(eq(notifications.recipient, email));
    const token = mail!.links[0]!.split("/").at(-1)!;
    expect((await api("POST", "/api/auth/complete-setup", { body: { token, name: "Ana", password: "onboard-pass-1" } })).status).toBe(200);
    const signedIn = await api("POST", "/api/auth/login", { body: { email, password: "onboard-pass-1" } });
    const session = signedIn.body.token as string;
    // The checkout's trial is live; nothing else is set up yet.
    expect(await setupOf(session)).toEqual({
      done: { password: true, information: false, workingHours: false, calendar: false, phone: false },
      ready: { calendar: false, phone: false, plan: true },
      planLive: true,
      planStarted: true,
      next: "information",
      canTakeCalls: false,
    });
    const first = await api("POST", "/api/account/setup", { token: session, body: { step: "information" } });
    expect(first.body).toMatchObject({ next: "workingHours" });
    // Again is a no-op, not a second entry.
    await api("POST", "/api/account/setup", { token: session, body: { step: "information" } });
    const [row] = await getDb().select({ steps: users.setupSteps }).from(users).where(eq(users.email, email));
    expect(row!.steps).toEqual(["information"]);
    expect((await api("POST", "/api/account/setup", { token: session, body: { step: "workingHours" } })).body).toMatchObject({
      next: "calendar",
    });

    const refused = await api("POST", "/api/account/setup", {
      token: session,
      body: { step: "phone" },
      headers: { "accept-language": "fr" },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Étape n'est pas valide");
    expect((await api("GET", "/api/account/setup")).status).toBe(401);
  });
});

describe("a setup link once used", () => {
  it("is 'used' for its account (whose owner is sent back into the setup), never live again; unknown links are dead", async () => {
    const email = uniqueEmail("used-link");
    const paid = await api("POST", "/api/sandbox/billing/checkout", { body: { email, locale: "en" } });
    await drain();
    const [mail] = await getDb().select().from(notifications).where(eq(notifications.recipient, email));
    const token = mail!.links[0]!.split("/").at(-1)!;
    const ip = `2001:db8:5e7:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    expect(await openSetupLink(getDb(), token, ip)).toMatchObject({ state: "live", email });

    // The thank-you page's summary: a trial (nothing charged), the address the link went to, this checkout's email.
    const summary = await checkoutSummary(getDb(), paid.body.sessionId);
    expect(summary).toMatchObject({
      account: "pending",
      email,
      plan: "trial",
      setupEmailKey: `account-setup:checkout:${paid.body.sessionId}`,
    });
    expect(summary!.trialEndsAt!.getTime()).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    expect(mail!.dedupeKey).toBe(summary!.setupEmailKey);

    await api("POST", "/api/auth/complete-setup", { body: { token, name: "Used", password: "used-link-pass-1" } });
    const [account] = await getDb().select({ id: users.id }).from(users).where(eq(users.email, email));
    expect(await openSetupLink(getDb(), token, ip)).toEqual({ state: "used", userId: account!.id });
    expect((await api("GET", `/api/auth/validate-setup-token/${token}`)).status).toBe(404);
    expect(await openSetupLink(getDb(), "no-such-link", ip)).toEqual({ state: "dead" });
    // Once set up, the summary has no setup email to point at.
    expect(await checkoutSummary(getDb(), paid.body.sessionId)).toMatchObject({ account: "ready", setupEmailKey: null });
  });
});

describe("the checklist's numbers", () => {
  it("a step once done stays done: a calendar disconnected and a number released send nobody back into the setup", async () => {
    await addPoolNumbers(1);
    const owner = await registerOwner();
    await connectSandboxCalendar(owner.token);
    await startTrial(owner.token);
    expect((await api("GET", "/api/phone-numbers/claim", { token: owner.token })).status).toBe(200);
    expect((await api("POST", "/api/google-calendar/disconnect", { token: owner.token })).status).toBeLessThan(300);
    const { releaseUserNumber } = await import("@/lib/accounts/numbers/numbers.service");
    await releaseUserNumber(getDb(), owner.user.id, "lapsed");
    // Nothing left to set up; the checklist shows what calls need again.
    expect(await setupOf(owner.token)).toMatchObject({
      next: null,
      ready: { calendar: false, phone: false, plan: true },
      canTakeCalls: false,
    });
  });

  it("a lapsed plan is no live plan: the number alone does not answer calls", async () => {
    await addPoolNumbers(1);
    const owner = await registerOwner();
    await connectSandboxCalendar(owner.token);
    await startTrial(owner.token);
    await api("GET", "/api/phone-numbers/claim", { token: owner.token });
    const { subscriptions } = await import("@/db/schema");
    await getDb()
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000), currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.userId, owner.user.id));
    expect(await setupOf(owner.token)).toMatchObject({ next: null, planLive: false, canTakeCalls: false });
  });
});
