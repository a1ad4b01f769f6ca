// The public booking page in a real browser: the owner turns it on in French and gets its address; a caller on their
// own phone (375 px, no session) opens it, picks a service and a free time, types their mobile, reads back the code
// texted to it (the sandbox outbox keeps what it delivered) and is booked; the owner's Appointments show it as booked
// on the page. A wrong code books nothing and says why.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";
import { dayAhead } from "../helpers/vapi-messages";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const EVERY_DAY = Object.fromEntries(DAYS.map((d) => [d, { isOpen: true, openTime: "08:00", closeTime: "18:00" }]));
const fr = (key: string, values?: Record<string, string | number>) => m("fr", key, values);

/** A French practice with services, a number and a trial. */
async function frenchPractice(page: Page, workingHours: Record<string, unknown> = EVERY_DAY) {
  const owner = await newOwner(page, { tag: "bookingpage", locale: "fr", fullName: "Dr Anne Roux" });
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${owner.token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  const businessName = `Cabinet Roux ${Date.now() % 100_000}`;
  await call("PUT", "/api/auth/update-profile", {
    businessName,
    workingHours,
    appointmentDuration: "30",
    services: ["Détartrage", "Consultation"],
  });
  await call("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" });
  await call("POST", "/api/subscription/start-trial");
  await call("GET", "/api/phone-numbers/claim");
  return { owner, call, businessName };
}

/** The last six-digit code texted to `phone`, from the owner's outbox (it shows a code the sandbox delivered, apart). */
async function codeTextedTo(call: (method: string, path: string) => Promise<unknown>, phone: string): Promise<string> {
  let code = "";
  await expect
    .poll(
      async () => {
        const outbox = (await call("GET", "/api/outbox")) as {
          messages: { channel: string; recipient: string; body: string; code: string | null }[];
        };
        const sms = outbox.messages.find((n) => n.channel === "sms" && n.recipient === phone && /code de réservation/.test(n.body));
        code = sms?.code ?? "";
        return code;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");
  return code;
}

test("the owner turns the page on; a caller books on it in French with the code texted to their mobile", async ({ page, browser }) => {
  const { call, businessName } = await frenchPractice(page);

  // Off by default; turned on, it takes the business's name as its address and shows it.
  await openDashboard(page, "fr", "/dashboard/booking-page");
  const settings = page.getByTestId("booking-page-settings");
  await expect(settings.getByLabel(fr("BookingPageSection.enabled"))).not.toBeChecked();
  // The help under the toggle says what the page does in the state shown.
  await expect(settings.getByTestId("booking-page-enabled-hint")).toHaveText(fr("BookingPageSection.enabledHintOff"));
  await settings.getByLabel(fr("BookingPageSection.enabled")).check();
  await expect(settings.getByTestId("booking-page-enabled-hint")).toHaveText(fr("BookingPageSection.enabledHintOn"));
  await settings.getByRole("button", { name: fr("BookingPageSection.save") }).click();
  const url = settings.getByTestId("booking-page-url").getByRole("link");
  await expect(url).toHaveText(/\/fr\/b\/cabinet-roux-\d+$/);
  await expect(settings.getByTestId("booking-page-not-ready")).toHaveCount(0);
  await expectNoEnglish(page, "fr");
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  const address = new URL((await url.textContent())!);

  // The caller, on their own phone: no session, a small screen.
  const caller = await (await browser.newContext({ locale: "fr-FR", viewport: { width: 375, height: 780 } })).newPage();
  await caller.goto(address.pathname);
  await expect(caller.locator("html[data-booking-page-ready]")).toBeAttached();
  await expect(caller.getByText(businessName).first()).toBeVisible();
  await expect(caller.getByRole("heading", { level: 1 })).toHaveText(fr("BookingPage.title"));
  await caller.getByLabel(fr("BookingPage.service")).selectOption("Détartrage");
  await caller.getByRole("button", { name: fr("DaySlots.nextDay") }).click();
  await caller.getByRole("button", { name: fr("DaySlots.nextDay") }).click();
  const times = caller.getByTestId("booking-time").getByRole("radio");
  await expect(times.first()).toBeAttached();
  const start = (await times.nth(3).getAttribute("value"))!;
  await caller
    .locator("label")
    .filter({ has: caller.locator(`input[value="${start}"]`) })
    .click();
  await caller.getByRole("button", { name: /^Continuer avec / }).click();
  await expectNoEnglish(caller, "fr");
  await expectNoSeriousA11yViolations(caller);
  const overflow = await caller.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // Name and number missing: said at the fields, nothing sent.
  await caller.getByRole("button", { name: fr("BookingPage.sendCode") }).click();
  await expect(caller.getByText(fr("Validation.bookingNameRequired"))).toBeVisible();
  await expect(caller.getByText(fr("Validation.bookingPhoneRequired"))).toBeVisible();
  await caller.getByLabel(fr("BookingPage.name")).fill("Léa Martin");
  await caller.getByLabel(fr("BookingPage.phone")).fill("06 55 44 33 22");
  await caller.getByRole("button", { name: fr("BookingPage.sendCode") }).click();
  await expect(caller.getByTestId("booking-code")).toContainText("06 55 44 33 22");
  const code = await codeTextedTo(call, "+33655443322");

  // A wrong code books nothing, and says why.
  await caller.getByLabel(fr("BookingPage.code"), { exact: true }).fill(code === "111111" ? "222222" : "111111");
  await caller.getByRole("button", { name: fr("BookingPage.book"), exact: true }).click();
  await expect(caller.getByTestId("booking-error")).toHaveText(fr("Api.bookingPageCodeWrong"));
  await caller.getByLabel(fr("BookingPage.code"), { exact: true }).fill(code);
  await caller.getByRole("button", { name: fr("BookingPage.book"), exact: true }).click();
  await expect(caller.getByTestId("booking-done")).toContainText(fr("BookingPage.doneTitle"));
  await expect(caller.getByTestId("booking-done")).toContainText("Détartrage");
  await expect(caller.getByRole("heading", { name: fr("BookingPage.doneTitle") })).toBeFocused();
  await expectNoEnglish(caller, "fr");

  // The owner sees it booked, from the page.
  await openDashboard(page, "fr", "/dashboard/appointments");
  const row = page.getByTestId("appointment").filter({ hasText: "Léa Martin" });
  await expect(row.locator(`time[datetime="${new Date(start).toISOString()}"]`)).toBeVisible();
  await expect(row.getByTestId("appointment-source")).toHaveText(fr("AppointmentsSection.source.page"));
});

test("the page opens on the first day with a free time when today and tomorrow are closed, with no ring drawn", async ({
  page,
  browser,
}) => {
  // The practice's days are Paris days: today's and tomorrow's weekdays closed, every other day open.
  const weekday = (date: string) => DAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7]!;
  const closed = [weekday(dayAhead(0)), weekday(dayAhead(1))];
  const hours = Object.fromEntries(DAYS.map((d) => [d, { isOpen: !closed.includes(d), openTime: "08:00", closeTime: "18:00" }]));
  const { call } = await frenchPractice(page, hours);
  const { url } = (await call("PUT", "/api/booking-page", { enabled: true })) as { url: string };
  const caller = await (await browser.newContext({ locale: "fr-FR", viewport: { width: 375, height: 780 } })).newPage();
  await caller.goto(new URL(url).pathname);
  await expect(caller.locator("html[data-booking-page-ready]")).toBeAttached();
  await expect(caller.getByLabel(fr("DaySlots.day"), { exact: true })).toHaveValue(dayAhead(2));
  await expect(caller.getByTestId("booking-closed")).toHaveCount(0);
  await expect(caller.getByTestId("booking-time").getByRole("radio").first()).toBeAttached();
  // Nothing is focused on load, so no heading is ringed before the visitor does anything.
  expect(await caller.evaluate(() => document.activeElement === document.body)).toBe(true);
  await expectNoSeriousA11yViolations(caller);
});

test("an unknown address is a 404 page in the visitor's language; a page turned off says to call", async ({ page }) => {
  const res = await page.goto("/fr/b/nobody-has-this-address");
  expect(res?.status()).toBe(404);
  await expect(page.getByTestId("booking-page-not-found")).toContainText(fr("BookingPage.notFoundTitle"));
  await expectNoEnglish(page, "fr");

  const { call } = await frenchPractice(page);
  const { url } = (await call("PUT", "/api/booking-page", { enabled: false })) as { url: string };
  await page.goto(new URL(url).pathname);
  await expect(page.getByTestId("booking-page-closed")).toContainText(fr("BookingPage.closedTitle"));
  await expectNoEnglish(page, "fr");
});
