// A new owner's first hour, in Spanish and French, on a desktop and a phone: from the landing page to a registration
// with a lunch break on Thursdays (the free trial starts with the number), through the setup, to Today's checklist and
// the profile from the sidebar; then a second practitioner, and a Try call that asks for him on Thursday afternoon and
// is booked with him after the break; the appointment and the call are then listed.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { expectNoEnglish } from "./support/i18n";
import { at, m } from "./support/messages";
import { conversation } from "./support/try-call";

const DEVICE_ZONE = { fr: "Europe/Paris", es: "Europe/Madrid" } as const;
// What the owner and the caller say, in each language, and the Thursday each practice keeps: a Spanish clinic closes
// 14:00–16:00 for lunch, a French one 12:00–14:00. The afternoon asked for starts after the break in both.
const WORDS = {
  es: {
    morningCloses: "14:00",
    afternoonOpens: "16:00",
    afternoonCloses: "20:00",
    service: "Sesión de fisioterapia",
    caller: "Carmen López",
    ask: "Quisiera una cita con Javier Ortega el jueves por la tarde",
    no: "No",
    first: "La primera",
    yes: "Sí",
    agenda: "Miro la agenda de Javier Ortega…",
  },
  fr: {
    morningCloses: "12:00",
    afternoonOpens: "14:00",
    afternoonCloses: "19:00",
    service: "Séance de kinésithérapie",
    caller: "Camille Durand",
    ask: "Je voudrais un rendez-vous avec Javier Ortega jeudi après-midi",
    no: "Non",
    first: "Le premier",
    yes: "Oui",
    agenda: "Je regarde l'agenda de Javier Ortega…",
  },
} as const;
const unique = (tag: string) => `${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.test`;

for (const locale of ["es", "fr"] as const) {
  for (const width of [1280, 375]) {
    test.describe(() => {
      test.use({ timezoneId: DEVICE_ZONE[locale], viewport: { width, height: width === 375 ? 800 : 900 } });
      test(`landing → registration and trial → setup → Today's checklist (${locale}, ${width} px)`, async ({ page }) => {
        test.setTimeout(180_000);
        const t = (key: string, params: Record<string, string | number> = {}) => m(locale, key, params);
        const check = async () => {
          await expectNoEnglish(page, locale);
          await expectNoSeriousA11yViolations(page);
        };
        await page.goto(at(locale, "/"));
        await openRegistration(page, locale, width);

        // Registration: who, the business, its hours and zone, the receptionist.
        const next = page.getByRole("button", { name: t("RegisterPage.next") });
        const fullName = locale === "es" ? "Lucía Martín" : "Claire Petit";
        await page.getByLabel(t("Fields.fullName")).fill(fullName);
        await page.getByLabel(t("Fields.email")).fill(unique(`first-hour-${locale}`));
        await page.getByLabel(t("Fields.password"), { exact: true }).fill("correct-horse-9");
        await page.getByLabel(t("RegisterPage.confirmPassword")).fill("correct-horse-9");
        await next.click();
        await page.getByLabel(t("Fields.businessName")).fill(locale === "es" ? "Fisioterapia Martín" : "Cabinet Petit");
        await page.getByLabel(t("Fields.businessType")).selectOption("medical");
        await page.getByLabel(t("Fields.specialty")).selectOption("orthopedics");
        await page.getByLabel(t("Fields.businessSize")).selectOption("small");
        await next.click();
        await expect(page.getByLabel(t("Fields.timeZone"))).toHaveValue(DEVICE_ZONE[locale]);
        await page.getByLabel(t("Fields.services")).fill(WORDS[locale].service);
        // Thursdays close for lunch: a break cuts the day in two, then each stretch is set.
        const w = WORDS[locale];
        const thursday = t("Fields.thursday");
        await page.getByRole("button", { name: t("WorkingHoursFields.addBreakFor", { day: thursday }) }).click();
        await page.getByLabel(t("WorkingHoursFields.periodCloses", { day: thursday, n: 1 })).fill(w.morningCloses);
        await page.getByLabel(t("WorkingHoursFields.periodOpens", { day: thursday, n: 2 })).fill(w.afternoonOpens);
        await page.getByLabel(t("WorkingHoursFields.periodCloses", { day: thursday, n: 2 })).fill(w.afternoonCloses);
        await next.click();
        await page.getByRole("button", { name: t("RegisterPage.submit") }).click();
        await expect(page.getByRole("heading", { name: t("RegisterPage.successTitle") })).toBeVisible();

        // The setup goes on signed in: the calendar, then the number, which starts the free trial.
        await page.waitForURL(new RegExp(`${at(locale, "/dashboard/setup")}$`), { timeout: 12_000 });
        await check();
        await page.getByRole("button", { name: t("SetupPage.connect") }).click();
        await expect(page.getByTestId("calendar-connected")).toBeVisible();
        await page.getByRole("button", { name: t("SetupPage.continue") }).click();
        await page.getByRole("button", { name: t("SetupPage.startTrialAndClaim") }).click();
        await expect(page.getByRole("heading", { name: t("SetupPage.completeTitle") })).toBeVisible();

        // The end of the setup lands on Today, with what is left to make the receptionist the practice's own.
        await page.waitForURL(new RegExp(`${at(locale, "/dashboard")}$`), { timeout: 12_000 });
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(t("TodayPage.title"));
        const checklist = page.getByTestId("receptionist-checklist");
        await expect(checklist.getByTestId("getting-started-calendars")).toHaveAttribute("data-done", "true");
        await expect(checklist.getByTestId("getting-started-tryCall")).toHaveAttribute("data-done", "false");
        await expect(page.getByTestId("getting-started")).toHaveCount(0); // calls are answered: the setup banner is gone
        await check();

        // The profile, opened from the navigation (the drawer on a phone), shows the owner who registered.
        if (width === 375) await page.getByRole("button", { name: t("Dashboard.openNavigation") }).click();
        await page.getByRole("link", { name: t("Dashboard.nav.profile") }).click();
        await expect(page.getByTestId("profile-fullName")).toHaveText(fullName);
        const profile = (await (await page.request.get("/api/auth/profile")).json()) as {
          workingHours: { thursday: { ranges?: { openTime: string; closeTime: string }[] } };
        };
        expect(profile.workingHours.thursday.ranges).toEqual([
          { openTime: "09:00", closeTime: w.morningCloses },
          { openTime: w.afternoonOpens, closeTime: w.afternoonCloses },
        ]);

        await tryCallWithJavier(page, locale);
      });
    });
  }
}

/**
 * A second practitioner on the practice's hours, then a Try call asking for him on Thursday afternoon: whose agenda is
 * read is said, the first time offered is after the lunch break, and it is booked with him; the appointment and the
 * call are listed after.
 */
async function tryCallWithJavier(page: Page, locale: "es" | "fr") {
  const t = (key: string, params: Record<string, string | number> = {}) => m(locale, key, params);
  const w = WORDS[locale];
  await page.goto(at(locale, "/dashboard/practitioners"));
  await page.getByRole("button", { name: t("PractitionersSection.add") }).click();
  const form = page.getByTestId("practitioner-form");
  await form.getByLabel(t("PractitionersSection.name")).fill("Javier Ortega");
  await form.getByRole("button", { name: t("PractitionersSection.addSubmit"), exact: true }).click();
  await page
    .getByTestId("practitioner-connect-now")
    .getByRole("button", { name: t("PractitionersSection.connectNowLater") })
    .click();
  await expect(page.getByTestId("practitioner").filter({ hasText: "Javier Ortega" })).toHaveCount(1);

  await page.goto(at(locale, "/dashboard/try"));
  await page.getByRole("button", { name: t("TrySection.start") }).click();
  const talk = conversation(page, locale);
  await expect(talk.lastReply).not.toBeEmpty();
  await expect(page.getByTestId("try-answering")).toHaveCount(0);
  await talk.type(w.ask, t("Simulator.askName"));
  await talk.type(w.caller, t("Simulator.askReason", { name: w.caller }));
  await talk.type(w.service, t("Simulator.askEmail"));
  await talk.type(w.no, w.agenda);
  // Javier's day is said with its break, and what is offered starts when the afternoon opens: nothing in the morning.
  const hour = (hhmm: string) => Number(hhmm.slice(0, 2));
  const reply = (await talk.lastReply.innerText()).replace(/\s+/g, " ");
  expect(reply).toMatch(new RegExp(`${hour(w.morningCloses)}(:00| h) (y|et) de ${hour(w.afternoonOpens)}(:00| h)`));
  const afterHours = reply.split(new RegExp(`${hour(w.afternoonCloses)}(?::00| h)`))[1] ?? "";
  const offered = [...afterHours.matchAll(/\b(\d{1,2})(?::\d\d| h)/g)].map((t) => Number(t[1]));
  expect(offered[0]).toBe(hour(w.afternoonOpens));
  expect(Math.min(...offered)).toBe(hour(w.afternoonOpens));
  await talk.type(w.first, t("Simulator.readBack").split("{slot}")[1]!);
  await talk.type(w.yes, "Javier Ortega");
  await expectNoEnglish(page, locale);
  await page.getByRole("button", { name: t("TrySection.hangUp") }).click();
  await expect(page.getByTestId("try-ended")).toBeVisible();

  // The appointment is Javier's, on Thursday when the afternoon opens, in the practice's zone; the call is listed as booked.
  const list = (await (await page.request.get("/api/appointments")).json()) as {
    upcoming: { patientName: string; practitionerId: string; startsAt: string }[];
    timeZone: string;
  };
  const booked = list.upcoming.filter((a) => a.patientName === w.caller);
  expect(booked).toHaveLength(1);
  const local = new Intl.DateTimeFormat("en-GB", { timeZone: list.timeZone, weekday: "long", hour: "2-digit", minute: "2-digit" });
  expect(local.format(new Date(booked[0]!.startsAt))).toBe(`Thursday ${w.afternoonOpens}`);
  await page.goto(at(locale, "/dashboard/appointments"));
  const row = page.getByTestId("appointments-upcoming").getByTestId("appointment").filter({ hasText: w.caller });
  await expect(row.getByTestId("appointment-practitioner")).toHaveText(
    t("AppointmentsSection.withPractitioner", { name: "Javier Ortega" }),
  );
  await page.goto(at(locale, "/dashboard/calls"));
  await expect(page.getByTestId("call").first().getByTestId("call-outcome")).toHaveText(t("CallsSection.outcomes.booked"));
  await expectNoEnglish(page, locale);
}

/** The landing page's sign-in (in the header, or its slide-in menu on a phone), then its link to register. */
async function openRegistration(page: Page, locale: "es" | "fr", width: number) {
  const t = (key: string) => m(locale, key);
  if (width === 375) {
    await page.getByRole("button", { name: t("SiteHeader.openMenu") }).click();
    await page
      .getByRole("dialog", { name: t("SiteHeader.menu") })
      .getByRole("link", { name: t("SiteHeader.signIn") })
      .click();
  } else {
    await page
      .locator("header")
      .getByRole("link", { name: t("SiteHeader.signIn") })
      .first()
      .click();
  }
  await page.getByRole("link", { name: t("LoginPage.register") }).click();
  await expect(page).toHaveURL(new RegExp(`${at(locale, "/register")}$`));
}
