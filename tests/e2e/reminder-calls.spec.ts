// Reminder calls in Spanish, in a real browser on a Madrid clock: a practice in Madrid turns reminder calls on, books two
// appointments through its own form with the patients' consent, on a weekday a few days ahead that is no public
// holiday, then runs the sandbox's sweep as if it were 10:00 that day (inside calling hours, under 24 hours before).
// The stand-in callees answer by their number's last digit: the one ending in 1 confirms, the one ending in 2 cancels,
// and the cancelled appointment's time is free again.
import Holidays from "date-holidays";
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { openDashboard, PASSWORD, readyReceptionist, uniqueEmail } from "./support/dashboard";
import { workThroughHolidays } from "./support/holidays";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const es = (key: string, params: Record<string, string | number> = {}) => m("es", key, params);
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

const ZONE = "Europe/Madrid";
const CONFIRMS = { name: "Ana Ruiz", phone: "+34 612 345 671" };
const CANCELS = { name: "Javier Soto", phone: "+34 612 345 672" };

test.use({ timezoneId: ZONE });

/** Today in Madrid plus `days`, as YYYY-MM-DD. */
const madridDay = (days: number) =>
  new Intl.DateTimeFormat("en-CA", { timeZone: ZONE, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + days * 86_400_000),
  );

/**
 * The first weekday from three days ahead that is neither a Spanish nor a Madrid public holiday: calls are never placed
 * on a Sunday or a holiday, and the trial (seven days) must still be running on it.
 */
function callingDay(): string {
  const holidays = new Holidays("ES", "MD");
  for (let days = 3; days <= 6; days++) {
    const day = madridDay(days);
    const noon = new Date(`${day}T12:00:00Z`);
    const weekday = noon.getUTCDay();
    const holiday = (holidays.isHoliday(noon) || []).some((h) => h.type === "public" || h.type === "bank");
    if (weekday !== 0 && weekday !== 6 && !holiday) return day;
  }
  throw new Error("no weekday without a holiday in the next six days");
}

test("a practice in Spanish turns reminder calls on; one patient confirms on the call, the other cancels", async ({ page }) => {
  test.setTimeout(150_000);
  const registered = await page.request.post("/api/auth/register", {
    data: { email: uniqueEmail("reminders"), password: PASSWORD, fullName: "Dra. Lucía Ortega", locale: "es", timeZone: ZONE },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { token } = (await registered.json()) as { token: string };
  await workThroughHolidays(page.request, token);
  // A line to call from and a live trial: without them no call is placed.
  await readyReceptionist(page, token);
  const day = callingDay();

  // The page is in the navigation and off until the owner turns it on; a number of hours out of bounds is refused.
  await openDashboard(page, "es", "/dashboard/reminder-calls");
  await expect(page).toHaveTitle(`${es("Dashboard.nav.reminderCalls")} · Recepta`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(es("ReminderCallsSection.title"));
  const nav = page.getByRole("navigation", { name: es("Dashboard.nav.label") }).first();
  await expect(nav.getByRole("link", { name: es("Dashboard.nav.reminderCalls") })).toHaveAttribute("href", "/es/dashboard/reminder-calls");
  await expect(page.getByTestId("reminder-call-list")).toContainText(es("ReminderCallsSection.empty"));
  const enabled = page.getByLabel(es("ReminderCallsSection.enabled"), { exact: true });
  await expect(enabled).not.toBeChecked();
  await enabled.check();
  const hours = page.getByLabel(es("ReminderCallsSection.hoursBefore"));
  const save = page.getByRole("button", { name: es("Dashboard.save"), exact: true });
  await hours.fill("80");
  await save.click();
  await expect(page.getByText(es("Validation.reminderHoursInvalid"))).toBeVisible();
  await hours.fill("24");
  await save.click();
  await expect(toast(page, es("ReminderCallsSection.saved"))).toBeVisible();
  expect(await (await page.request.get("/api/reminder-calls/settings")).json()).toEqual({ enabled: true, hoursBefore: 24 });
  await expectNoEnglish(page, "es");

  // Two appointments booked from the dashboard, each patient having agreed to a call.
  await openDashboard(page, "es", "/dashboard/appointments");
  const book = async (patient: { name: string; phone: string }, time: string) => {
    await page.getByRole("button", { name: es("AppointmentsSection.new") }).click();
    const consent = page.getByLabel(es("AppointmentsSection.callConsent"));
    // The box is unticked, and needs a number to call.
    await expect(consent).not.toBeChecked();
    await expect(consent).toBeDisabled();
    await page.getByLabel(es("Fields.patientName")).fill(patient.name);
    await page.getByLabel(es("Fields.patientPhone")).fill(patient.phone);
    await page.getByLabel(es("Fields.date")).fill(day);
    await page.getByLabel(es("Fields.time")).fill(time);
    await page.getByLabel(es("Fields.duration")).fill("30");
    await consent.check();
    await page.getByRole("button", { name: es("AppointmentsSection.create") }).click();
    await expect(toast(page, es("AppointmentsSection.created")).first()).toBeVisible();
  };
  await book(CONFIRMS, "17:00");
  await book(CANCELS, "17:30");
  const upcoming = page.getByTestId("appointments-upcoming").getByTestId("appointment");
  await expect(upcoming).toHaveCount(2);
  await expectNoEnglish(page, "es");

  // The sweep's run, as if it were 10:00 on the day (Madrid): both calls are due and inside calling hours.
  await openDashboard(page, "es", "/dashboard/reminder-calls");
  const sandbox = page.getByTestId("reminder-call-sandbox");
  await sandbox.getByLabel(es("ReminderCallsSection.sandboxAt")).fill(`${day}T10:00`);
  await sandbox.getByRole("button", { name: es("ReminderCallsSection.sandboxRun") }).click();
  await expect(toast(page, es("ReminderCallsSection.placed", { count: 2 }))).toBeVisible();
  const calls = page.getByTestId("reminder-call");
  await expect(calls).toHaveCount(2);
  const confirmed = calls.filter({ hasText: CONFIRMS.name });
  const cancelled = calls.filter({ hasText: CANCELS.name });
  await expect(confirmed.getByTestId("reminder-call-status")).toHaveText(es("ReminderCallsSection.status.confirmed"));
  await expect(cancelled.getByTestId("reminder-call-status")).toHaveText(es("ReminderCallsSection.status.cancelled"));
  await expect(confirmed).toContainText(es("ReminderCallsSection.attempts", { count: 1 }));
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoEnglish(page, "es");
  await expectNoSeriousA11yViolations(page);

  // The appointments say what the calls came to: one confirmed by phone, the other cancelled, its time free again.
  await openDashboard(page, "es", "/dashboard/appointments");
  await expect(upcoming.filter({ hasText: CONFIRMS.name }).getByTestId("appointment-status")).toHaveText(
    es("AppointmentsSection.status.confirmedByPhone"),
  );
  await expect(upcoming.filter({ hasText: CANCELS.name }).getByTestId("appointment-status")).toHaveText(
    es("AppointmentsSection.status.cancelled"),
  );
  await expectNoEnglish(page, "es");
  const again = await page.request.post("/api/appointments", {
    data: { patientName: "Marta Gil", date: day, time: "17:30", duration: 30 },
  });
  expect(again.status(), await again.text()).toBe(201);
});
