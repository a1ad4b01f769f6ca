// A practice of two in French, in a real browser: the owner adds a second practitioner on the Practitioners page, two
// callers book the same minute through the voice platform's webhook and each is booked with one of them, a third is
// offered other times, and the Appointments page shows who each appointment is with, one practitioner's list and week.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dayAhead } from "../helpers/vapi-messages";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";
import { platformToolCall } from "./support/vapi";

const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);

test("a practice of two in French: the owner adds a practitioner, two callers book the same minute, the agenda says who", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwner(page, { tag: "team", locale: "fr", fullName: "Dr Inès Moreau" });
  const line = await readyReceptionist(page, owner.token, "fr");

  await openDashboard(page, "fr", "/dashboard/practitioners");
  await expect(page.getByRole("heading", { level: 1, name: fr("PractitionersSection.title") })).toBeVisible();
  // The owner is the first, on the practice's hours, with its services; alone, they cannot be removed.
  const cards = page.getByTestId("practitioner");
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText("Dr Inès Moreau");
  await expect(cards.first().getByTestId("practitioner-hours")).toHaveText(fr("PractitionersSection.practiceHours"));
  await expect(cards.first().getByRole("button", { name: fr("PractitionersSection.remove") })).toHaveCount(0);

  await page.getByRole("button", { name: fr("PractitionersSection.add") }).click();
  const form = page.getByTestId("practitioner-form");
  await form.getByLabel(fr("PractitionersSection.name")).fill("Dr Camille Roux");
  await form.getByRole("button", { name: fr("PractitionersSection.addService") }).click();
  await form.getByLabel(fr("PractitionersSection.serviceName")).fill("Détartrage");
  await form.getByLabel(fr("PractitionersSection.serviceMinutes")).fill("30");
  await form.getByRole("button", { name: fr("PractitionersSection.addSubmit"), exact: true }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: fr("PractitionersSection.added") })).toBeVisible();
  await expect(cards).toHaveCount(2);
  await expect(cards.nth(1).getByTestId("practitioner-services")).toHaveText("Détartrage (30 min)");
  // Just added, she is offered her calendar's connection at once (Google, Outlook or CalDAV), which can wait.
  const connectNow = page.getByTestId("practitioner-connect-now");
  await expect(connectNow).toContainText(fr("PractitionersSection.connectNowTitle", { name: "Dr Camille Roux" }));
  await expect(connectNow.getByRole("button", { name: fr("CalendarSection.connectMicrosoft") })).toBeVisible();
  await connectNow.getByRole("button", { name: fr("PractitionersSection.connectNowLater") }).click();
  await expect(connectNow).toHaveCount(0);
  // The list says who has no calendar, and leads to the Calendar page: the owner has one, she has none.
  await expect(cards.first().getByTestId("practitioner-no-calendar")).toHaveCount(0);
  const noCalendar = cards.nth(1).getByTestId("practitioner-no-calendar");
  await expect(noCalendar).toContainText(fr("PractitionersSection.noCalendar"));
  await expect(noCalendar).toHaveAttribute("href", "/fr/dashboard/calendar");
  await expectNoEnglish(page, "fr");
  // Checked once the toast (which fades in over the page) is gone.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  // Two callers at the same second, and a third: two are booked, one with each; the third hears other times.
  const day = dayAhead(5);
  const caller = (i: number) => ({ line, callId: `e2e-${randomUUID()}`, caller: `+3361234560${i}` });
  const said = await Promise.all(
    [1, 2, 3].map(async (i) => {
      const text = await platformToolCall(page.request, caller(i), "book_appointment", {
        date: day,
        time: "10:00",
        name: `Patient ${i}`,
        language: "fr",
      });
      return (JSON.parse(text) as { say: string }).say;
    }),
  );
  const booked = said.filter((s) => s.startsWith("C'est réservé"));
  expect(booked).toHaveLength(2);
  expect(booked.some((s) => s.includes("avec le Dr Inès Moreau"))).toBe(true);
  expect(booked.some((s) => s.includes("avec le Dr Camille Roux"))).toBe(true);
  expect(said.find((s) => !s.startsWith("C'est réservé"))).toMatch(/^Désolé, ce créneau vient d'être pris\./);
  // Asked for by name, Dr Roux's own agenda.
  const hers = await platformToolCall(page.request, caller(4), "check_availability", {
    date: day,
    time: "10:00",
    practitioner: "docteure Roux",
    language: "fr",
  });
  expect((JSON.parse(hers) as { say: string }).say).toMatch(/^Pour le Dr Camille Roux : /);

  await openDashboard(page, "fr", "/dashboard/appointments");
  const upcoming = page.getByTestId("appointments-upcoming").getByTestId("appointment");
  await expect(upcoming).toHaveCount(2);
  // Both at 10:00: in whichever order they were made.
  expect((await upcoming.getByTestId("appointment-practitioner").allInnerTexts()).sort()).toEqual(
    [
      fr("AppointmentsSection.withPractitioner", { name: "Dr Camille Roux" }),
      fr("AppointmentsSection.withPractitioner", { name: "Dr Inès Moreau" }),
    ].sort(),
  );
  await page.getByLabel(fr("AppointmentsSection.filterPractitioner")).selectOption({ label: "Dr Camille Roux" });
  await expect(upcoming).toHaveCount(1);
  const week = page.getByTestId("appointments-week");
  await expect(week.getByRole("heading", { name: fr("AppointmentsSection.weekOf", { name: "Dr Camille Roux" }) })).toBeVisible();
  // Five days ahead is this week or the next (the week opens on today's, Monday to Sunday in Paris).
  const mondayOf = (date: string) => {
    const d = new Date(`${date}T12:00:00Z`);
    d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
    return d.toISOString().slice(0, 10);
  };
  if (mondayOf(day) !== mondayOf(dayAhead(0))) await week.getByRole("button", { name: fr("AppointmentsSection.nextWeek") }).click();
  await expect(week.getByText(/Patient \d/)).toHaveCount(1);
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);
});
