// The caller's self-service link in a real browser: the link from the confirmation text (the sandbox outbox keeps what
// it delivered), opened in French, moves the appointment to another day (the day the practice is closed says so, and
// why); the owner's Appointments and calendar show the new time. An altered or expired link gets a page that says so.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { fixtures } from "./support/fixtures";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const EVERY_DAY = Object.fromEntries(DAYS.map((d) => [d, { isOpen: true, openTime: "08:00", closeTime: "18:00" }]));

/** A French practice with a number, a calendar and a trial, and an appointment booked for a caller with a mobile. */
async function bookedForCaller(page: Page) {
  const owner = await newOwner(page, { tag: "selfservice", locale: "fr", fullName: "Dr Claire Morel" });
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${owner.token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await call("PUT", "/api/auth/update-profile", { businessName: "Cabinet Morel", workingHours: EVERY_DAY, appointmentDuration: "30" });
  await call("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" });
  await call("POST", "/api/subscription/start-trial");
  await call("GET", "/api/phone-numbers/claim");
  const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  // The practice is closed the next day, for a congress: the caller's link says so rather than showing an empty day.
  const closed = new Date(Date.parse(`${day}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await call("POST", "/api/closures", { from: closed, reason: "congrès" });
  const appt = (await call("POST", "/api/appointments", {
    patientName: "Jean Dupont",
    patientPhone: "06 11 22 33 44",
    date: day,
    time: "10:00",
    duration: 30,
  })) as { id: string; startsAt: string };
  // The confirmation text goes out from a job: wait for it in the outbox.
  let link = "";
  await expect
    .poll(
      async () => {
        const outbox = (await call("GET", "/api/outbox")) as { messages: { channel: string; recipient: string; body: string }[] };
        const sms = outbox.messages.find((n) => n.channel === "sms" && n.recipient === "+33611223344");
        link = /https?:\/\/\S+\/fr\/a\/\S+/.exec(sms?.body ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return { owner, appt, path: new URL(link).pathname };
}

test("a caller opens the link in French and moves the appointment; the owner's appointments and calendar show the new time", async ({
  page,
  browser,
}) => {
  const { appt, path } = await bookedForCaller(page);
  // The caller is someone else, on their own phone: no session of the owner's.
  const caller = await (await browser.newContext({ locale: "fr-FR" })).newPage();
  await caller.goto(path);
  await expect(caller.locator("html[data-self-service-ready]")).toBeAttached();
  const card = caller.getByTestId("self-service-appointment");
  await expect(card).toContainText("Bonjour Jean,");
  await expect(caller.getByText("Cabinet Morel").first()).toBeVisible();
  await expect(caller.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expectNoEnglish(caller, "fr");
  await expectNoSeriousA11yViolations(caller);

  await caller.getByRole("button", { name: m("fr", "SelfService.move") }).click();
  const picker = caller.getByTestId("self-service-move");
  await picker.getByRole("button", { name: m("fr", "DaySlots.nextDay") }).click();
  await expect(picker.getByTestId("self-service-closed")).toHaveText(m("fr", "DaySlots.closedBecause", { reason: "congrès" }));
  await expect(picker.getByRole("radio")).toHaveCount(0);
  await picker.getByRole("button", { name: m("fr", "DaySlots.nextDay") }).click();
  const times = picker.getByRole("radio");
  await expect(times.first()).toBeAttached();
  const newStart = (await times.nth(2).getAttribute("value"))!;
  await picker
    .locator("label")
    .filter({ has: caller.locator(`input[value="${newStart}"]`) })
    .click();
  await picker.getByRole("button", { name: /^Déplacer à / }).click();
  await expect(caller.getByTestId("self-service-done")).toContainText("Votre rendez-vous est déplacé au");
  await expect(caller.getByTestId("self-service-when")).not.toContainText("10:00");
  await expectNoEnglish(caller, "fr");

  // The owner's Appointments page and calendar show the new time, not the old one.
  await openDashboard(page, "fr", "/dashboard/appointments");
  const row = page.getByTestId("appointment").filter({ hasText: "Jean Dupont" });
  await expect(row.locator(`time[datetime="${new Date(newStart).toISOString()}"]`)).toBeVisible();
  await expect(row.locator(`time[datetime="${appt.startsAt}"]`)).toHaveCount(0);
  await openDashboard(page, "fr", "/dashboard/calendar");
  const event = page.getByTestId("sandbox-event").filter({ hasText: "Jean Dupont" });
  await expect(event.locator(`time[datetime="${new Date(newStart).toISOString()}"]`)).toBeVisible();
});

test("an altered or expired link gets a clear page, and so does a cancelled appointment", async ({ page, browser }) => {
  const { path } = await bookedForCaller(page);
  const caller = await (await browser.newContext()).newPage();
  const token = path.split("/").at(-1)!;
  const altered = `${token.slice(0, -3)}${token.endsWith("xyz") ? "abc" : "xyz"}`;
  // An altered link is no page: 404, with a page that says what happened in the caller's language.
  expect((await caller.goto(`/fr/a/${altered}`))?.status()).toBe(404);
  await expect(caller.getByTestId("self-service-problem")).toContainText(m("fr", "SelfService.invalidTitle"));
  await expectNoEnglish(caller, "fr");
  expect((await caller.goto(`/es/a/not-a-token`))?.status()).toBe(404);
  await expect(caller.getByTestId("self-service-problem")).toContainText(m("es", "SelfService.invalidTitle"));
  // Signed by this installation, but its appointment is gone (erased): the same 404.
  expect((await caller.goto(`/fr/a/${fixtures().orphanSelfServiceToken}`))?.status()).toBe(404);
  await expect(caller.getByTestId("self-service-problem")).toContainText(m("fr", "SelfService.invalidTitle"));
  await caller.goto(`/es/a/${fixtures().expiredSelfServiceToken}`);
  await expect(caller.getByTestId("self-service-problem")).toContainText(m("es", "SelfService.expiredTitle"));
  await expectNoEnglish(caller, "es");

  // Cancelled from the link: the page says so, and offers no change any more.
  await caller.goto(path);
  await caller.getByRole("button", { name: m("fr", "SelfService.cancel") }).click();
  await caller.getByRole("button", { name: m("fr", "SelfService.cancelYes") }).click();
  await expect(caller.getByTestId("self-service-cancelled")).toHaveText(m("fr", "SelfService.isCancelled"));
  await caller.reload();
  await expect(caller.getByTestId("self-service-cancelled")).toBeVisible();
  await expect(caller.getByRole("button", { name: m("fr", "SelfService.move") })).toHaveCount(0);
});

test("inside the owner's cut-off the page says changes are closed now and how to reach the practice (fr, en)", async ({
  page,
  browser,
}) => {
  const { owner, path } = await bookedForCaller(page);
  // The appointment is three days away; a four-day cut-off puts it inside.
  const res = await page.request.put("/api/auth/update-profile", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { selfServiceCutoffHours: 96 },
  });
  expect(res.status()).toBe(200);
  for (const [locale, at] of [
    ["fr", path],
    ["en", path.replace(/^\/fr\//, "/")],
  ] as const) {
    // A browser of its own for each: the first page's language would otherwise be remembered for the second.
    const caller = await (await browser.newContext()).newPage();
    await caller.goto(at);
    const closed = caller.getByTestId("self-service-closed");
    await expect(closed).toContainText(locale === "fr" ? "sont désormais fermées" : "are now closed");
    await expect(closed).toContainText(locale === "fr" ? "96 heures avant" : "96 hours before it");
    await expect(closed).toContainText("Cabinet Morel");
    // The number to call, as a link; no button to change anything.
    await expect(caller.getByTestId("self-service-appointment").getByRole("link", { name: /^0\d( \d\d){4}$|^\+33/ })).toBeVisible();
    await expect(caller.getByRole("button", { name: m(locale, "SelfService.move") })).toHaveCount(0);
    await expect(caller.getByRole("button", { name: m(locale, "SelfService.cancel") })).toHaveCount(0);
    if (locale === "fr") await expectNoEnglish(caller, "fr");
  }
});
