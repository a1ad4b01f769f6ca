// The waitlist in a real browser, in French: the owner puts someone on it, an appointment is cancelled, the person is
// offered the freed slot by text and answers OUI (the sandbox's signed text, through the same receiver as the webhook),
// and the page shows them booked, the appointment in the list. Translated, accessible, and usable at 375 px.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m, type Locale } from "./support/messages";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function ownerWithLine(page: Page, locale: Locale) {
  const owner = await newOwner(page, { tag: "waitlist", locale });
  const auth = { authorization: `Bearer ${owner.token}` };
  // A number is claimed once the calendar is connected and a trial runs.
  expect((await page.request.post("/api/google-calendar/authorize", { headers: auth, data: { code: "sandbox-test-code" } })).status()).toBe(
    200,
  );
  expect((await page.request.post("/api/subscription/start-trial", { headers: auth })).status()).toBeLessThan(300);
  const claim = await page.request.get("/api/phone-numbers/claim", { headers: auth });
  expect(claim.status(), await claim.text()).toBe(200);
  // Offers are texted in the business's daytime only: the practice keeps a time zone where it is daytime now, whenever
  // the suite runs (its numbers are then typed with the country code).
  const daytime = await page.request.put("/api/auth/update-profile", { headers: auth, data: { timeZone: zoneInDaytime() } });
  expect(daytime.status(), await daytime.text()).toBe(200);
  return { ...owner, auth };
}

/** A time zone whose clock reads between 10:00 and 17:00 now: these zones are never more than three hours apart. */
function zoneInDaytime(): string {
  const zones = [
    "Pacific/Honolulu",
    "America/Los_Angeles",
    "America/New_York",
    "Atlantic/Azores",
    "Europe/Paris",
    "Asia/Dubai",
    "Asia/Kolkata",
    "Asia/Shanghai",
    "Australia/Sydney",
  ];
  const hour = (timeZone: string) =>
    Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "numeric", hourCycle: "h23" }).format(new Date()));
  return zones.find((z) => hour(z) >= 10 && hour(z) < 17)!;
}

/** The next weekday (the practice's default week is Monday to Friday) at least two days ahead, YYYY-MM-DD. */
function nextWeekday(): string {
  for (let days = 2; ; days++) {
    const d = new Date(Date.now() + days * 86_400_000);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) return d.toISOString().slice(0, 10);
  }
}

test("a slot freed by a cancellation goes to the person on the waitlist who answers OUI (fr)", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await ownerWithLine(page, "fr");
  const day = nextWeekday();
  const made = await page.request.post("/api/appointments", {
    headers: owner.auth,
    data: { patientName: "Paul Premier", patientPhone: "+33 6 39 98 01 90", date: day, time: "10:00", duration: 30 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const appointment = (await made.json()) as { id: string };

  await openDashboard(page, "fr", "/dashboard/waitlist");
  await expect(page.getByRole("heading", { level: 1, name: m("fr", "WaitlistSection.title") })).toBeVisible();
  await expect(page.getByText(m("fr", "WaitlistSection.empty"))).toBeVisible();
  // A number that cannot be read is refused in French, nothing added.
  const form = page.getByTestId("waitlist-form");
  await form.getByLabel(m("fr", "WaitlistSection.name")).fill("Camille Attente");
  await form.getByLabel(m("fr", "WaitlistSection.phone")).fill("06 00");
  await form.getByRole("button", { name: m("fr", "WaitlistSection.add") }).click();
  await expect(page.getByTestId("waitlist-error")).toContainText("numéro");
  await form.getByLabel(m("fr", "WaitlistSection.phone")).fill("+33 6 39 98 01 91");
  await form.getByRole("button", { name: m("fr", "WaitlistSection.add") }).click();
  await expect(toast(page, m("fr", "WaitlistSection.added", { name: "Camille Attente" }))).toBeVisible();
  const entry = page.getByTestId("waitlist-entry").filter({ hasText: "Camille Attente" });
  await expect(entry).toContainText("6 39 98 01 91");
  await expect(entry.getByTestId("waitlist-status")).toHaveText(m("fr", "WaitlistSection.status.waiting"));
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);

  // A second person joins after her, by the API: offered the same slot, after her in the list.
  const second = await page.request.post("/api/waitlist", {
    headers: owner.auth,
    data: { name: "Bruno Second", phone: "+33 6 39 98 01 92", from: day, to: day },
  });
  expect(second.status(), await second.text()).toBe(201);

  // The appointment is cancelled: the slot is offered to both by text.
  expect((await page.request.delete(`/api/appointments/${appointment.id}`, { headers: owner.auth })).status()).toBe(200);
  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/outbox", { headers: owner.auth });
        const sent = ((await res.json()) as { messages: { recipient: string; body: string }[] }).messages;
        return sent.find((n) => n.recipient === "+33639980191")?.body ?? "";
      },
      { timeout: 30_000 },
    )
    .toMatch(/un créneau s’est libéré le .+ à 10:00 \(pour .+\)\. Répondez OUI avant/);
  const outbox = async () =>
    ((await (await page.request.get("/api/outbox", { headers: owner.auth })).json()) as { messages: { recipient: string; body: string }[] })
      .messages;
  await expect.poll(async () => (await outbox()).some((n) => n.recipient === "+33639980192" && /Répondez OUI/.test(n.body))).toBe(true);

  // She answers OUI: the slot is hers.
  await openDashboard(page, "fr", "/dashboard/inbox");
  const card = page.getByTestId("sandbox-text");
  await card.getByLabel(m("fr", "InboxSection.sandbox.from")).fill("+33 6 39 98 01 91");
  await card.getByLabel(m("fr", "Fields.text")).fill("OUI");
  await card.getByRole("button", { name: m("fr", "InboxSection.sandbox.send") }).click();
  await expect(toast(page, m("fr", "InboxSection.sandbox.actions.waitlist-taken"))).toBeVisible();
  // The second one answers OUI a moment later: it is gone, and he is told so by text, nothing booked for him.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await card.getByLabel(m("fr", "InboxSection.sandbox.from")).fill("+33 6 39 98 01 92");
  await card.getByLabel(m("fr", "Fields.text")).fill("OUI");
  await card.getByRole("button", { name: m("fr", "InboxSection.sandbox.send") }).click();
  await expect(toast(page, m("fr", "InboxSection.sandbox.actions.waitlist-refused"))).toBeVisible();
  await expect
    .poll(async () => (await outbox()).some((n) => n.recipient === "+33639980192" && /a déjà été pris/.test(n.body)), { timeout: 30_000 })
    .toBe(true);

  await expect
    .poll(
      async () => {
        const res = await page.request.get("/api/waitlist", { headers: owner.auth });
        return ((await res.json()) as { entries: { name: string; status: string }[] }).entries.find((e) => e.name === "Camille Attente")
          ?.status;
      },
      { timeout: 30_000 },
    )
    .toBe("booked");
  await openDashboard(page, "fr", "/dashboard/waitlist");
  await expect(entry.getByTestId("waitlist-status")).toHaveText(m("fr", "WaitlistSection.status.booked"));
  await expect(entry.getByTestId("waitlist-offer")).toContainText(m("fr", "WaitlistSection.offerState.taken"));
  await expectNoEnglish(page, "fr");

  // At 375 px nothing is wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(entry).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoSeriousA11yViolations(page);

  await openDashboard(page, "fr", "/dashboard/appointments");
  await expect(page.getByTestId("appointment").filter({ hasText: "Camille Attente" })).toBeVisible();
  await expect(page.getByTestId("appointment").filter({ hasText: "Bruno Second" })).toHaveCount(0);
});
