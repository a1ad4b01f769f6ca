// A practice of two in French, in a real browser: each practitioner's calendar on the Calendar page. The owner's Google
// calendar stays connected while Dr Roux connects Outlook through its (sandbox) consent popup, disconnects it, then
// connects a CalDAV account with an app password; a call books with her, and the booking lands in her calendar; given to
// the owner from the Appointments page, it moves to the owner's calendar.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dayAhead } from "../helpers/vapi-messages";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";
import { platformToolCall } from "./support/vapi";

const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
const toast = (page: import("@playwright/test").Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

/** Whose sandbox calendar holds the event of this patient (null: none yet), as the API lists them. */
async function sandboxEventOf(page: import("@playwright/test").Page, patient: string): Promise<string | null> {
  const res = await page.request.get("/api/calendar/events");
  const { events } = (await res.json()) as { events: { summary: string; practitionerId: string }[] };
  return events.find((e) => e.summary.includes(patient))?.practitionerId ?? null;
}

test("a practice of two in French: the owner's Google calendar, Dr Roux's Outlook then CalDAV, her booking in her calendar", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwner(page, { tag: "calendars", locale: "fr", fullName: "Dr Inès Moreau" });
  const line = await readyReceptionist(page, owner.token, "fr");
  const added = await page.request.post("/api/practitioners", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { name: "Dr Camille Roux" },
  });
  expect(added.status()).toBe(201);
  const rouxId = ((await added.json()) as { id: string }).id;
  const team = await page.request.get("/api/practitioners", { headers: { authorization: `Bearer ${owner.token}` } });
  const inesId = ((await team.json()) as { practitioners: { id: string }[] }).practitioners[0]!.id;

  await openDashboard(page, "fr", "/dashboard/calendar");
  await expect(page.getByRole("heading", { level: 1, name: fr("CalendarSection.title") })).toBeVisible();
  const cards = page.getByTestId("practitioner-calendar");
  await expect(cards).toHaveCount(2);
  const ines = cards.filter({ hasText: "Dr Inès Moreau" });
  const camille = cards.filter({ hasText: "Dr Camille Roux" });
  await expect(ines.getByTestId("calendar-status")).toHaveText(fr("CalendarSection.statusConnected"));
  await expect(ines.getByTestId("calendar-provider")).toHaveText(
    fr("CalendarSection.connectedText", { provider: fr("CalendarSection.providers.google") }),
  );
  await expect(camille.getByTestId("calendar-status")).toHaveText(fr("CalendarSection.statusNotConnected"));
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);

  // Outlook, through its consent popup (the sandbox's stand-in for Microsoft's): she stays on this page, connected.
  const popupPromise = page.waitForEvent("popup");
  await camille.getByRole("button", { name: fr("CalendarSection.connectMicrosoft") }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText(fr("SandboxConsent.title"));
  await expect(popup.getByText(fr("SandboxConsent.sandboxText", { provider: "Microsoft" }))).toBeVisible();
  await popup.getByRole("button", { name: fr("SandboxConsent.allow") }).click();
  await expect(toast(page, fr("CalendarSection.connected"))).toBeVisible();
  await expect(page).toHaveURL(/\/fr\/dashboard\/calendar$/);
  await expect(camille.getByTestId("calendar-provider")).toHaveText(
    fr("CalendarSection.connectedText", { provider: fr("CalendarSection.providers.microsoft") }),
  );
  await expect(ines.getByTestId("calendar-status")).toHaveText(fr("CalendarSection.statusConnected"));

  // Disconnected, hers only.
  await camille.getByRole("button", { name: fr("CalendarSection.disconnect") }).click();
  const dialog = page.getByRole("dialog", { name: fr("CalendarSection.disconnectTitle") });
  await dialog.getByRole("button", { name: fr("CalendarSection.disconnect") }).click();
  await expect(camille.getByTestId("calendar-status")).toHaveText(fr("CalendarSection.statusNotConnected"));
  await expect(ines.getByTestId("calendar-status")).toHaveText(fr("CalendarSection.statusConnected"));

  // A CalDAV account: a wrong app password is refused in French, the sandbox's own is taken.
  await camille.getByRole("button", { name: fr("CalendarSection.connectCaldav") }).click();
  const form = camille.getByTestId("caldav-form");
  await form.getByLabel(fr("CalendarSection.caldav.serverUrl")).fill("https://caldav.icloud.com");
  await form.getByLabel(fr("CalendarSection.caldav.username")).fill("camille.roux@icloud.com");
  await form.getByLabel(fr("CalendarSection.caldav.password")).fill("mauvais-mot-de-passe");
  await form.getByRole("button", { name: fr("CalendarSection.caldav.submit"), exact: true }).click();
  await expect(form.getByTestId("caldav-error")).toHaveText(fr("Api.calendarAccountRefused"));
  await expectNoEnglish(page, "fr");
  await form.getByLabel(fr("CalendarSection.caldav.password")).fill("sandbox-test-code");
  await form.getByRole("button", { name: fr("CalendarSection.caldav.submit"), exact: true }).click();
  await expect(camille.getByTestId("calendar-provider")).toHaveText(
    fr("CalendarSection.connectedText", { provider: fr("CalendarSection.providers.caldav") }),
  );
  await expect(camille).toContainText(fr("CalendarSection.account", { account: "camille.roux@icloud.com" }));

  // A caller asks for her: the booking is hers, and it shows in the sandbox calendars under her name.
  const said = await platformToolCall(page.request, { line, callId: `e2e-${randomUUID()}`, caller: "+33612345688" }, "book_appointment", {
    date: dayAhead(5),
    time: "11:00",
    name: "Paul Morel",
    practitioner: "Dr Roux",
    language: "fr",
  });
  expect((JSON.parse(said) as { say: string }).say).toMatch(/^C'est réservé.*Dr Camille Roux/);
  // The calendar write follows the answer: once it is in her sandbox calendar, the page shows it under her name.
  await expect.poll(() => sandboxEventOf(page, "Paul Morel"), { timeout: 20_000 }).toBe(rouxId);
  await page.reload();
  await expect(page.getByTestId("sandbox-event").filter({ hasText: "Paul Morel" })).toContainText("Dr Camille Roux");
  await expect(toast(page, fr("CalendarSection.connected"))).toHaveCount(0, { timeout: 15_000 });
  await expectNoEnglish(page, "fr");
  await expectNoSeriousA11yViolations(page);

  // Dr Roux is away that day after all: the owner gives the appointment to Dr Moreau, and it leaves Dr Roux's calendar.
  await openDashboard(page, "fr", "/dashboard/appointments");
  const paul = page.getByTestId("appointment").filter({ hasText: "Paul Morel" });
  await expect(paul.getByTestId("appointment-practitioner")).toHaveText(
    fr("AppointmentsSection.withPractitioner", { name: "Dr Camille Roux" }),
  );
  await paul.getByTestId("appointment-reassign").selectOption({ label: "Dr Inès Moreau" });
  // The owner is asked first, and whether to text Paul; nothing is texted unless ticked.
  await expect(page.getByRole("dialog")).toContainText(fr("AppointmentsSection.reassignTitle", { name: "Dr Inès Moreau" }));
  await expect(page.getByTestId("reassign-notify")).not.toBeChecked();
  await page.getByTestId("confirm-action").click();
  await expect(toast(page, fr("AppointmentsSection.reassigned", { name: "Dr Inès Moreau" }))).toBeVisible();
  await expect(paul.getByTestId("appointment-practitioner")).toHaveText(
    fr("AppointmentsSection.withPractitioner", { name: "Dr Inès Moreau" }),
  );
  await expectNoEnglish(page, "fr");
  await expect.poll(() => sandboxEventOf(page, "Paul Morel"), { timeout: 20_000 }).toBe(inesId);
  await openDashboard(page, "fr", "/dashboard/calendar");
  await expect(page.getByTestId("sandbox-event").filter({ hasText: "Paul Morel" })).toContainText("Dr Inès Moreau");
});
