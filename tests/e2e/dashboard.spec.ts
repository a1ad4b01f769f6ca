// The owner's dashboard in a real browser: every section, its view/edit modes and the error messages it shows.
import fs from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { clickClosingWindow, newOwner, openDashboard } from "./support/dashboard";
import { m } from "./support/messages";

// The newest toast with that text (an earlier one may still be on screen).
const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();
const en = (key: string, params: Record<string, string | number> = {}) => m("en", key, params);

test("/dashboard and unknown sub-routes resume the setup left half-way; the navigation shows its groups and the current page", async ({
  page,
}) => {
  await newOwner(page);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard\/setup$/);
  await page.goto("/dashboard/no-such-section");
  await expect(page).toHaveURL(/\/dashboard\/setup$/);
  const nav = page.getByRole("navigation", { name: en("Dashboard.nav.label") });
  for (const group of ["groupToday", "groupReceptionist", "groupAgenda", "groupConnections", "groupAccount"])
    await expect(nav.getByText(en(`Dashboard.nav.${group}`), { exact: true })).toBeVisible();
  // An owner has no Admin group.
  await expect(nav.getByText(en("Dashboard.nav.admin"), { exact: true })).toHaveCount(0);
  await nav.getByRole("link", { name: en("Dashboard.nav.schedule") }).click();
  await expect(page).toHaveURL(/\/dashboard\/schedule$/);
  await page.reload();
  await expect(page.getByRole("link", { name: en("Dashboard.nav.schedule") })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: en("Dashboard.nav.closures") })).not.toHaveAttribute("aria-current", "page");

  // The side column's white runs the page's full height, however long the page.
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const column = await page.getByTestId("side-column").boundingBox();
  const pageHeight = await page.evaluate(() => document.documentElement.scrollHeight);
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(pageHeight).toBeGreaterThan(600);
  expect(column!.y + scrolled + column!.height).toBeGreaterThanOrEqual(pageHeight - 1);
});

test("profile: view, edit and save; the header follows; a taken email is refused with the server's reason", async ({ page }) => {
  const owner = await newOwner(page, { fullName: "Dr. Inès Moreau" });
  const other = await page.request.post("/api/auth/register", {
    data: { email: `taken-${owner.email}`, password: "correct-horse-9", fullName: "Someone Else" },
  });
  // That registration signed the browser in as the other account: sign back in as the owner.
  expect(other.status()).toBe(201);
  expect((await page.request.post("/api/auth/login", { data: { email: owner.email, password: owner.password } })).status()).toBe(200);

  await openDashboard(page, "en", "/dashboard/profile");
  await expect(page.getByTestId("profile-fullName")).toHaveText("Dr. Inès Moreau");
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByLabel(en("Fields.fullName")).fill("");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(page.getByText(en("Validation.fullNameRequired"))).toBeVisible();
  await page.getByLabel(en("Fields.fullName")).fill("Dr. Inès Moreau-Blanc");
  await page.getByLabel(en("Fields.phone")).fill("+33 6 12 34 56 78");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("ProfileSection.updated"))).toBeVisible();
  // The toast stays clear of the header: its name, language switch and Sign out remain visible and clickable.
  const toastBox = (await toast(page, en("ProfileSection.updated")).boundingBox())!;
  const headerBox = (await page.locator("header").first().boundingBox())!;
  expect(toastBox.y).toBeGreaterThan(headerBox.y + headerBox.height);
  // Saving returns to view mode with the new values, and the header shows the new name.
  await expect(page.getByTestId("profile-fullName")).toHaveText("Dr. Inès Moreau-Blanc");
  // Stored in E.164; shown as a Paris business reads a French number, and a tap dials the E.164 number.
  await expect(page.getByTestId("profile-phone")).toHaveText("06 12 34 56 78");
  await expect(page.getByTestId("profile-phone").getByRole("link")).toHaveAttribute("href", "tel:+33612345678");
  await expect(page.getByTestId("header-user-name")).toHaveText("Dr. Inès Moreau-Blanc");

  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByLabel(en("Fields.email")).fill(`taken-${owner.email}`);
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("ProfileSection.updateFailed"))).toContainText(en("Api.emailTaken"));
  await expect(page.getByLabel(en("Fields.email"))).toBeVisible(); // still editing: nothing was lost
  await page.reload();
  await expect(page.getByTestId("profile-email")).toHaveText(owner.email);
});

test("your data: the ZIP download from the Privacy & data page opens, with the owner's profile in profile.csv", async ({ page }) => {
  const owner = await newOwner(page);
  await openDashboard(page, "en", "/dashboard/privacy");
  const section = page.getByTestId("data-export");
  await expect(section.getByRole("heading", { name: en("DataExportSection.title") })).toBeVisible();
  await expect(section.getByRole("link", { name: en("DataExportSection.json") })).toHaveAttribute(
    "href",
    "/api/account/export?format=json",
  );
  const downloadPromise = page.waitForEvent("download");
  await section.getByRole("link", { name: en("DataExportSection.zip") }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toMatch(/^recepta-export-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
  expect(Object.keys(files)).toEqual(expect.arrayContaining(["README.txt", "export.json", "profile.csv", "appointments.csv"]));
  expect(new TextDecoder().decode(files["profile.csv"])).toContain(`"${owner.email}"`);
});

test("business information: the specialty only for a medical business, services typed comma-separated", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/business");
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByLabel(en("Fields.businessName")).fill("Cabinet Moreau");
  await page.getByLabel(en("Fields.businessType")).selectOption("restaurant");
  await expect(page.getByLabel(en("Fields.specialty"))).toHaveCount(0);
  await page.getByLabel(en("Fields.businessType")).selectOption("medical");
  await page.getByLabel(en("Fields.specialty")).selectOption("pediatrics");
  await page.getByLabel(en("Fields.services")).fill(" Consultation , Vaccination,, Check-up ,");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("BusinessSection.updated"))).toBeVisible();
  await expect(page.getByTestId("business-name")).toHaveText("Cabinet Moreau");
  await expect(page.getByTestId("business-specialty")).toHaveText(en("Options.specialties.pediatrics"));
  await expect(page.getByTestId("business-services").getByRole("listitem")).toHaveText(["Consultation", "Vaccination", "Check-up"]);

  // A business that is no longer medical loses its specialty, on the server too.
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByLabel(en("Fields.businessType")).selectOption("dental");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(page.getByTestId("business-type")).toHaveText(en("Options.businessTypes.dental"));
  await expect(page.getByTestId("business-specialty")).toHaveCount(0);
  const profile = await (await page.request.get("/api/auth/profile")).json();
  expect(profile.specialty).toBeNull();
});

test("working hours: view mode reads 12-hour AM/PM in English; an impossible day is refused; saving returns to view", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/schedule");
  await expect(page.getByTestId("schedule-monday")).toHaveText(/^9:00\sAM – 5:00\sPM$/);
  await expect(page.getByTestId("schedule-saturday")).toHaveText(en("WorkingHoursFields.closed"));
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByLabel(en("Fields.appointmentDuration")).selectOption("45");
  await page.getByLabel(`${en("Fields.monday")} ${en("WorkingHoursFields.opens")}`).fill("14:00");
  await page.getByLabel(`${en("Fields.monday")} ${en("WorkingHoursFields.closes")}`).fill("13:00");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(page.getByText(en("Validation.closeAfterOpen", { field: en("Fields.monday") }))).toBeVisible();
  await page.getByLabel(`${en("Fields.monday")} ${en("WorkingHoursFields.opens")}`).fill("08:30");
  await page
    .getByRole("group", { name: en("Fields.saturday") })
    .getByLabel(en("WorkingHoursFields.open"))
    .check();
  await page.getByLabel(`${en("Fields.saturday")} ${en("WorkingHoursFields.closes")}`).fill("12:00");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("ScheduleSection.updated"))).toBeVisible();
  await expect(page.getByTestId("schedule-duration")).toHaveText(en("Options.durations.45"));
  await expect(page.getByTestId("schedule-monday")).toHaveText(/^8:30\sAM – 1:00\sPM$/);
  await expect(page.getByTestId("schedule-saturday")).toHaveText(/^9:00\sAM – 12:00\sPM$/);
});

test("working hours: a lunch break added through the form at 375 px is saved, shown and removed", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/schedule");
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  const monday = en("Fields.monday");
  await page.getByRole("button", { name: en("WorkingHoursFields.addBreakFor", { day: monday }) }).click();
  // 09:00–17:00 is cut around its middle: 09:00–12:00 and 14:00–17:00, each range labelled.
  await expect(page.getByLabel(en("WorkingHoursFields.periodCloses", { day: monday, n: 1 }))).toHaveValue("12:00");
  await expect(page.getByLabel(en("WorkingHoursFields.periodOpens", { day: monday, n: 2 }))).toHaveValue("14:00");
  await page.getByLabel(en("WorkingHoursFields.periodCloses", { day: monday, n: 1 })).fill("14:00");
  await page.getByLabel(en("WorkingHoursFields.periodOpens", { day: monday, n: 2 })).fill("16:00");
  await page.getByLabel(en("WorkingHoursFields.periodCloses", { day: monday, n: 2 })).fill("20:00");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("ScheduleSection.updated"))).toBeVisible();
  await expect(page.getByTestId("schedule-monday")).toHaveText(/^9:00\sAM – 2:00\sPM, 4:00\sPM – 8:00\sPM$/);
  const profile = await (await page.request.get("/api/auth/profile")).json();
  expect(profile.workingHours.monday).toEqual({
    isOpen: true,
    openTime: "09:00",
    closeTime: "20:00",
    ranges: [
      { openTime: "09:00", closeTime: "14:00" },
      { openTime: "16:00", closeTime: "20:00" },
    ],
  });

  // Removing the afternoon leaves a plain day.
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByRole("button", { name: en("WorkingHoursFields.removePeriod", { day: monday, n: 2 }) }).click();
  await expect(page.getByLabel(`${monday} ${en("WorkingHoursFields.closes")}`)).toHaveValue("14:00");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("ScheduleSection.updated"))).toBeVisible();
  await expect(page.getByTestId("schedule-monday")).toHaveText(/^9:00\sAM – 2:00\sPM$/);
});

test("AI configuration: missing → created with the defaults → edited → reset to defaults → deleted", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/ai-config");
  await expect(page.getByTestId("ai-missing")).toContainText(en("AiConfigSection.missing"));
  // Nothing saved yet: the defaults in use are shown, not "not found".
  await expect(page.getByTestId("ai-missing").getByTestId("ai-voice")).toHaveText("English Female 1 (Emma)");
  // What callers really hear: the assistant's own opening line, the voice's name in it.
  await expect(page.getByTestId("ai-missing").getByTestId("ai-spokenGreeting")).toContainText("you are speaking with Emma");
  await page.getByRole("button", { name: en("AiConfigSection.create") }).click();
  await expect(page.getByLabel(en("AiConfigSection.firstMessage"))).toHaveValue("Hello, how can I help you today?");
  await expect(page.getByLabel(en("AiConfigSection.agentName"))).toHaveValue("AI Assistant");
  // Language choices are English, French and Spanish; the voice list holds the chosen language's voices, each with the
  // first name the assistant introduces itself with.
  const language = page.getByRole("combobox", { name: en("AiConfigSection.language"), exact: true });
  const voice = page.getByLabel(en("AiConfigSection.voice"));
  await expect(language.locator("option")).toHaveText(["English", "French", "Spanish"]);
  await expect(voice.locator("option")).toHaveText(["English Male 1 (Andrew)", "English Male 2 (Brian)", "English Female 1 (Emma)"]);
  await page.getByLabel(en("AiConfigSection.agentName")).fill(""); // blank: the server's default
  await page.getByRole("button", { name: en("AiConfigSection.create") }).click();
  await expect(toast(page, en("AiConfigSection.created"))).toBeVisible();
  await expect(page.getByTestId("ai-agentName")).toHaveText("AI Assistant");
  await expect(page.getByTestId("ai-voice")).toHaveText("English Female 1 (Emma)");

  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  // Choosing Spanish offers only the Spanish voices and moves the English voice to the Spanish default.
  await language.selectOption("es");
  await expect(voice.locator("option")).toHaveText(["Spanish Male (Tristán)", "Spanish Female (Isidora)"]);
  // The default receptionist is a woman in every language, as the copy calls her.
  await expect(voice).toHaveValue("voice_spanish_female_1");
  await language.selectOption("fr");
  await expect(voice.locator("option")).toHaveText(["French Male (Rémy)", "French Female (Vivienne)"]);
  await expect(voice).toHaveValue("voice_french_female_1");
  await voice.selectOption("voice_french_male_1");
  await voice.selectOption("voice_french_female_1");
  await page.getByLabel(en("AiConfigSection.agentName")).fill("Camille");
  await page.getByLabel(en("AiConfigSection.firstMessage")).fill("Cabinet Moreau, bonjour !");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(toast(page, en("AiConfigSection.updated"))).toBeVisible();
  await expect(page.getByTestId("ai-agentName")).toHaveText("Camille");
  await expect(page.getByTestId("ai-voice")).toHaveText("French Female (Vivienne)");
  await expect(page.getByTestId("ai-language")).toHaveText("French");
  await page.reload();
  await expect(page.getByTestId("ai-firstMessage")).toHaveText("Cabinet Moreau, bonjour !");

  // Reset asks first; cancelling changes nothing.
  await page.getByRole("button", { name: en("AiConfigSection.reset") }).click();
  const dialog = page.getByRole("dialog", { name: en("AiConfigSection.resetTitle") });
  await dialog.getByRole("button", { name: en("Dashboard.cancel") }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("ai-agentName")).toHaveText("Camille");
  await page.getByRole("button", { name: en("AiConfigSection.reset") }).click();
  await dialog.getByRole("button", { name: en("AiConfigSection.resetToDefaults") }).click();
  await expect(toast(page, en("AiConfigSection.resetDone"))).toBeVisible();
  await expect(page.getByTestId("ai-agentName")).toHaveText("AI Assistant");
  await expect(page.getByTestId("ai-language")).toHaveText(en("AiConfigSection.languages.en"));

  await page.getByRole("button", { name: en("AiConfigSection.reset") }).click();
  await dialog.getByRole("button", { name: en("AiConfigSection.deleteConfig") }).click();
  await expect(toast(page, en("AiConfigSection.deleted"))).toBeVisible();
  await expect(page.getByTestId("ai-missing")).toBeVisible();
  // Deleted: the defaults are in use again, and the page's read still answers 200.
  const again = await page.request.get("/api/ai/parameters");
  expect(again.status()).toBe(200);
  expect(((await again.json()) as { saved: boolean }).saved).toBe(false);
});

test("AI configuration: a failed load shows the error with Try Again", async ({ page }) => {
  await newOwner(page);
  await page.route("**/api/ai/parameters", (route) =>
    route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ message: "boom" }) }),
  );
  await openDashboard(page, "en", "/dashboard/ai-config");
  await expect(page.getByTestId("load-error")).toContainText(en("AiConfigSection.loadFailed"));
  await page.unroute("**/api/ai/parameters");
  await page.getByRole("button", { name: en("Dashboard.tryAgain") }).click();
  await expect(page.getByTestId("ai-missing")).toBeVisible();
});

test("phone number: claiming waits for the calendar; connect the sandbox calendar in its popup, then claim; the forwarding guide", async ({
  page,
}) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/phone-number");
  await expect(page.getByTestId("calendar-prerequisite")).toContainText(en("PhoneSection.calendarRequired"));
  // A number also needs a live trial or subscription; the link leads to the Subscription section.
  await expect(page.getByTestId("subscription-prerequisite")).toContainText(en("PhoneSection.subscriptionRequired"));
  await expect(
    page.getByTestId("subscription-prerequisite").getByRole("link", { name: en("PhoneSection.goToSubscription") }),
  ).toHaveAttribute("href", "/dashboard/subscription");
  expect((await page.request.post("/api/subscription/start-trial")).status()).toBe(200);
  await openDashboard(page, "en", "/dashboard/phone-number");
  await expect(page.getByTestId("subscription-prerequisite")).toHaveCount(0);
  const claim = page.getByRole("button", { name: en("PhoneSection.claim") });
  await expect(claim).toBeDisabled();
  // The server refuses too, whatever the page shows.
  const refused = await page.request.get("/api/phone-numbers/claim");
  expect(refused.status()).toBe(409);
  expect((await refused.json()).message).toBe(en("Api.calendarRequired"));

  await page.getByRole("link", { name: en("PhoneSection.goToCalendar") }).click();
  await expect(page).toHaveURL(/\/dashboard\/calendar$/);
  await expect(page.getByTestId("calendar-status")).toHaveText(en("CalendarSection.statusNotConnected"));
  const popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: en("CalendarSection.connect") }).click();
  const popup = await popupPromise;
  await expect(popup.getByRole("heading", { level: 1 })).toHaveText(en("SandboxConsent.title"));
  await popup.getByRole("button", { name: en("SandboxConsent.allow") }).click();
  // The connection-success page offers the next step, the phone number (the business has none yet), and goes there
  // after the countdown.
  await expect(page.getByTestId("calendar-connected")).toHaveText(en("CalendarSection.connected"));
  await expect(page.getByTestId("calendar-next")).toHaveText(en("CalendarSection.connectedNextNumber"));
  await expect(page).toHaveURL(/\/dashboard\/phone-number$/, { timeout: 15_000 });
  await expect(page.getByTestId("calendar-prerequisite")).toHaveCount(0);
  await page.getByRole("button", { name: en("PhoneSection.claim") }).click();
  // The owner's business is in Paris: a French number (a fictional one of the sandbox), shown in French national form.
  await expect(page.getByTestId("dedicated-number")).toHaveText(/^0[1-59]( \d\d){4}$/);
  const number = (await page.getByTestId("dedicated-number").innerText()).trim();
  await expect(toast(page, en("PhoneSection.claimed", { number }))).toBeVisible();
  const e164 = (await (await page.request.get("/api/auth/profile")).json()).telnyxPhoneNumber as string;
  expect(e164).toMatch(/^\+33\d{9}$/);
  expect(e164.replace(/\D/g, "").slice(2)).toBe(number.replace(/\D/g, "").slice(1));

  // The guide is collapsed; opened, it is on the business's country (France, though the page is in English), with the
  // number in its codes in international form.
  const guide = page.getByTestId("forwarding-guide");
  await expect(guide.getByRole("table")).toBeHidden();
  await guide.locator("summary").click();
  await expect(guide.getByLabel(en("PhoneSection.countries.FR"))).toBeChecked();
  // The number is a fictional sandbox one: the guide says not to forward a real line to it.
  await expect(guide.getByTestId("forwarding-sandbox")).toHaveText(en("PhoneSection.forwardingSandbox"));
  await expect(guide.getByRole("rowheader")).toHaveText(["Orange", "SFR", "Bouygues Telecom", "Free Mobile"]);
  await expect(guide.getByRole("row", { name: /Orange/ })).toContainText(`*21*${e164}#`);
  // The US carriers of today: Sprint is part of T-Mobile since 2020.
  await guide.getByLabel(en("PhoneSection.countries.US")).check();
  await expect(guide.getByRole("rowheader")).toHaveText(["AT&T", "Verizon", "T-Mobile"]);
});

test("calendar: denying in the popup leaves it disconnected; disconnecting asks first", async ({ page }) => {
  await newOwner(page);
  // The success page does not claim a connection that did not happen.
  await page.goto("/dashboard/calendar/connected");
  await expect(page).toHaveURL(/\/dashboard\/calendar$/);
  await openDashboard(page, "en", "/dashboard/calendar");
  let popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: en("CalendarSection.connect") }).click();
  let popup = await popupPromise;
  await clickClosingWindow(popup, popup.getByRole("button", { name: en("SandboxConsent.deny") }));
  await expect(page.getByTestId("calendar-error")).toHaveText(en("CalendarSection.denied"));
  await expect(page.getByTestId("calendar-status")).toHaveText(en("CalendarSection.statusNotConnected"));

  popupPromise = page.waitForEvent("popup");
  await page.getByRole("button", { name: en("CalendarSection.connect") }).click();
  popup = await popupPromise;
  await popup.getByRole("button", { name: en("SandboxConsent.allow") }).click();
  await expect(page.getByTestId("calendar-connected")).toBeVisible();
  await page.goto("/dashboard/calendar");
  await expect(page.getByTestId("calendar-status")).toHaveText(en("CalendarSection.statusConnected"));
  await page.getByRole("button", { name: en("CalendarSection.disconnect") }).click();
  const dialog = page.getByRole("dialog", { name: en("CalendarSection.disconnectTitle") });
  await expect(dialog).toContainText(en("CalendarSection.disconnectText"));
  await dialog.getByRole("button", { name: en("CalendarSection.disconnect") }).click();
  await expect(toast(page, en("CalendarSection.disconnected"))).toBeVisible();
  await expect(page.getByTestId("calendar-status")).toHaveText(en("CalendarSection.statusNotConnected"));
  expect((await (await page.request.get("/api/auth/profile")).json()).hasGoogleOAuth).toBe(false);
});

test("appointments: the form's checks, a booking, the same slot refused, cancellation frees it", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/appointments");
  await expect(page.getByTestId("appointments-upcoming")).toContainText(en("AppointmentsSection.noUpcoming"));
  await page.getByRole("button", { name: en("AppointmentsSection.new") }).click();
  await page.getByRole("button", { name: en("AppointmentsSection.create") }).click();
  await expect(page.getByText(en("Validation.patientNameRequired"))).toBeVisible();

  const day = new Date(Date.now() + 3 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const book = async (name: string) => {
    await page.getByLabel(en("Fields.patientName")).fill(name);
    await page.getByLabel(en("Fields.patientPhone")).fill("+33 6 00 00 00 01");
    await page.getByLabel(en("Fields.date")).fill(day);
    await page.getByLabel(en("Fields.time")).fill("10:30");
    await page.getByLabel(en("Fields.duration")).fill("30");
    await page.getByRole("button", { name: en("AppointmentsSection.create") }).click();
  };
  await book("Jeanne Petit");
  await expect(toast(page, en("AppointmentsSection.created"))).toBeVisible();
  const upcoming = page.getByTestId("appointments-upcoming").getByTestId("appointment");
  await expect(upcoming).toHaveCount(1);
  await expect(upcoming.first()).toContainText("Jeanne Petit");
  await expect(upcoming.first()).toContainText("10:30 AM");

  await page.getByRole("button", { name: en("AppointmentsSection.new") }).click();
  await book("Paul Martin");
  await expect(page.getByTestId("appointment-error")).toHaveText(en("Api.slotTaken"));

  await upcoming
    .first()
    .getByRole("button", { name: en("AppointmentsSection.cancel") })
    .click();
  const dialog = page.getByRole("dialog", { name: en("AppointmentsSection.cancelTitle") });
  await dialog.getByRole("button", { name: en("AppointmentsSection.cancelAppointment") }).click();
  await expect(toast(page, en("AppointmentsSection.cancelled"))).toBeVisible();
  await expect(upcoming.first()).toContainText(en("AppointmentsSection.status.cancelled"));
  await page.getByRole("button", { name: en("AppointmentsSection.create") }).click(); // the form kept Paul's booking
  await expect(toast(page, en("AppointmentsSection.created"))).toBeVisible();
  await expect(upcoming.filter({ hasText: "Paul Martin" })).toContainText(en("AppointmentsSection.status.booked"));
});

test("calls: the list starts empty", async ({ page }) => {
  await newOwner(page);
  await openDashboard(page, "en", "/dashboard/calls");
  await expect(page.getByTestId("calls-empty")).toContainText(en("CallsSection.emptyTitle"));
});
