// "Try your receptionist" in a real browser: the owner plays a caller against their own configuration (the sandbox
// conversation engine on the real webhook path), and what the call produced shows up where the owner looks for it:
// the call log and its detail, the appointments, the sandbox calendar and the outbox of messages.
import { randomUUID } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { platformToolCall } from "./support/vapi";
import { dayAhead } from "../helpers/vapi-messages";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { formatPhone } from "../../lib/platform/phone/format";
import { publicHolidayOn } from "../../lib/scheduling/closures/holiday-calendar";
import { DEMO_OWNER } from "../../lib/server/ops/seed-accounts";
import { newOwner, openDashboard, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { conversation } from "./support/try-call";
import { at, m } from "./support/messages";

/** Drives the Try page: chips by their words, typed words by the text box; each step waits for the reply. */
/** A stored (E.164) number as the signed-in owner's dashboard shows it: national form for their country's numbers. */
async function shown(page: Page, e164: string): Promise<string> {
  const profile = (await (await page.request.get("/api/auth/profile")).json()) as { country?: string };
  return formatPhone(e164, profile.country);
}

/** The outbox fills from a background job within seconds: reload until the three messages are there. */
async function expectOutbox(page: Page, caller: string, ownerEmail: string) {
  const callerShown = await shown(page, caller);
  const item = (channel: string, recipient: string) =>
    page
      .locator(`[data-testid="outbox-message"][data-channel="${channel}"]`)
      .filter({ hasText: recipient === caller ? callerShown : recipient });
  await expect(async () => {
    await page.reload();
    await expect(item("sms", caller)).toHaveCount(1, { timeout: 2000 });
    await expect(item("whatsapp", caller)).toHaveCount(1, { timeout: 2000 });
    await expect(item("email", ownerEmail)).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 45_000 });
  return { sms: item("sms", caller), whatsapp: item("whatsapp", caller), email: item("email", ownerEmail) };
}

test("try your receptionist: a call booked with the suggested phrases shows in Calls, Appointments, Calendar and Messages", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const en = (key: string, params: Record<string, string | number> = {}) => m("en", key, params);
  const owner = await newOwner(page, { tag: "try" });
  const line = await readyReceptionist(page, owner.token, "en");

  await openDashboard(page, "en", "/dashboard/try");
  // The navigation: Try closes the receptionist's group, the messages sent right after Calls.
  const nav = page.getByRole("navigation", { name: en("Dashboard.nav.label") });
  const links = await nav.getByRole("link").allInnerTexts();
  expect(links.indexOf(en("Dashboard.nav.try"))).toBe(links.indexOf(en("Dashboard.nav.transfers")) + 1);
  expect(links.indexOf(en("Dashboard.nav.outbox"))).toBe(links.indexOf(en("Dashboard.nav.calls")) + 1);
  await expect(nav.getByRole("link", { name: en("Dashboard.nav.try") })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("try-sandbox-note")).toHaveText(en("TrySection.sandboxNote"));
  // Replies are never read aloud unless the owner asks.
  const speakToggle = page.getByRole("checkbox", { name: en("TrySection.speakReplies") });
  if (await speakToggle.count()) await expect(speakToggle).not.toBeChecked();

  await page.getByRole("button", { name: en("TrySection.start") }).click();
  const talk = conversation(page, "en");
  await expect(talk.lastReply).toContainText("Léa");
  await expect(page.getByTestId("try-line")).toHaveText(en("TrySection.line", { line: await shown(page, line) }));
  await expect(page.getByTestId("try-announcement")).toHaveAttribute("aria-live", "polite");
  await expect(page.getByLabel(en("TrySection.yourWords"))).toBeFocused();

  // The suggestions follow the conversation: what a caller rings for, then the answer to each question.
  const chips = page.getByTestId("try-chip");
  await expect(chips).toHaveText([
    "I'd like to book an appointment",
    "I need to move my appointment",
    "I'd like to cancel my appointment",
    "I'd like to leave a message",
  ]);
  await talk.chip("I'd like to book an appointment", en("Simulator.askName"));
  await expect(chips).toHaveText(["Emma Wilson"]);
  await talk.chip("Emma Wilson", en("Simulator.askReason", { name: "Emma Wilson" }));
  await expect(chips).toHaveText(["A check-up"]);
  await talk.type("A check-up", en("Simulator.askEmail"));
  // Enter sends too.
  await page.getByLabel(en("TrySection.yourWords")).fill("No");
  await page.getByLabel(en("TrySection.yourWords")).press("Enter");
  await talk.expectReply(en("Simulator.askDay"));
  await talk.chip("Tomorrow", en("Simulator.whichOne"));
  await talk.chip("The first one", en("Simulator.readBack").split("{slot}")[1]!);
  const booked = en("Receptionist.booked").split("{slot}")[0]!.replace("{name}", "Emma Wilson");
  await talk.chip("Yes", booked);
  await expect(page.getByTestId("try-announcement")).toContainText(booked);
  await expect(page.locator('[data-testid="try-turn"][data-speaker="caller"]')).toHaveCount(7);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: en("TrySection.hangUp") }).click();
  const ended = page.getByTestId("try-ended");
  await expect(ended).toBeVisible();
  await expect(page.getByRole("heading", { name: en("TrySection.ended") })).toBeVisible();
  await expect(ended.getByRole("link", { name: en("TrySection.openAppointments") })).toBeVisible();
  await expect(ended.getByRole("link", { name: en("TrySection.openMessages") })).toBeVisible();
  await ended.getByRole("link", { name: en("TrySection.openCalls") }).click();

  // The call log: the call, booked, marked as a sandbox call.
  await expect(page).toHaveURL(/\/dashboard\/calls$/);
  const row = page.getByTestId("call");
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId("call-outcome")).toHaveText(en("CallsSection.outcomes.booked"));
  await expect(row.getByTestId("call-sandbox")).toHaveText(en("CallsSection.sandbox"));
  await expect(row.getByTestId("call-duration")).toHaveText(/^\d+:\d{2}$/);
  const { calls } = (await (await page.request.get("/api/calls")).json()) as { calls: { id: string; fromNumber: string }[] };
  const caller = calls[0]!.fromNumber;
  await row.getByRole("link").click();

  // Its detail: summary, the dialogue, the appointment it made; no recording in the sandbox.
  await expect(page).toHaveURL(new RegExp(`/dashboard/calls/${calls[0]!.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(en("CallDetail.heading", { caller: await shown(page, caller) }));
  await expect(page.getByTestId("call-summary")).toContainText(en("Simulator.summary.booked").split("{slot}")[0]!);
  const transcript = page.getByTestId("transcript-line");
  await expect(transcript.first()).toHaveAttribute("data-speaker", "receptionist");
  await expect(transcript.first()).toContainText(en("CallDetail.receptionistSpeaker"));
  await expect(transcript.filter({ hasText: "Emma Wilson" }).first()).toHaveAttribute("data-speaker", "caller");
  await expect(page.locator('[data-testid="transcript-line"][data-speaker="caller"]')).toHaveCount(7);
  await expect(page.getByTestId("call-appointments")).toContainText("Emma Wilson");
  await expect(page.getByTestId("call-recording")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  await page.getByTestId("back-to-calls").click();
  await expect(page).toHaveURL(/\/dashboard\/calls$/);

  // The appointment, booked by phone.
  await openDashboard(page, "en", "/dashboard/appointments");
  const appointment = page.getByTestId("appointments-upcoming").getByTestId("appointment").filter({ hasText: "Emma Wilson" });
  await expect(appointment).toHaveCount(1);
  await expect(appointment.getByTestId("appointment-source")).toHaveText(en("AppointmentsSection.source.phone"));
  await expect(appointment).toContainText("A check-up");

  // The sandbox calendar holds its event.
  await openDashboard(page, "en", "/dashboard/calendar");
  await expect(page.getByTestId("sandbox-calendar").getByTestId("sandbox-event").filter({ hasText: "Emma Wilson" })).toHaveCount(1);

  // Messages: a text and a WhatsApp to the caller, an email to the owner, none of them really sent.
  await openDashboard(page, "en", "/dashboard/outbox");
  await expect(page.getByTestId("outbox-sandbox-banner")).toContainText(en("OutboxSection.sandboxBanner"));
  const sent = await expectOutbox(page, caller, owner.email);
  // One badge per row, "Sandbox — not sent" (never "Sent"), on the channel's line whatever the recipient's length.
  for (const item of [sent.sms, sent.whatsapp, sent.email]) {
    await expect(item.getByTestId("outbox-status")).toHaveText(en("OutboxSection.sandbox"));
    const badge = (await item.getByTestId("outbox-status").boundingBox())!;
    const channel = (await item.getByTestId("outbox-channel").boundingBox())!;
    expect(Math.abs(badge.y + badge.height / 2 - (channel.y + channel.height / 2))).toBeLessThan(4);
    expect(badge.x).toBeGreaterThan(channel.x + channel.width);
  }
  await expect(sent.sms.getByTestId("outbox-channel")).toHaveText(en("OutboxSection.channels.sms"));
  await expect(sent.whatsapp.getByTestId("outbox-channel")).toHaveText(en("OutboxSection.channels.whatsapp"));
  const body = sent.email.getByTestId("outbox-body");
  await expect(body).toBeHidden();
  await sent.email.getByText(en("OutboxSection.showMessage")).click();
  await expect(body).toBeVisible();
  await expect(body).toContainText("Emma Wilson");
  await expect(body).toHaveCSS("white-space", "pre-wrap");
  await expectNoSeriousA11yViolations(page);
});

test("en français : l'appel d'essai se termine par un au revoir, sans un mot d'anglais, et les messages suivent", async ({ page }) => {
  test.setTimeout(180_000);
  const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
  const owner = await newOwner(page, { locale: "fr", tag: "essai", fullName: "Camille Durand" });
  await readyReceptionist(page, owner.token, "fr");
  // A dental practice: the suggested reason for the visit is a dentist's.
  const typed = await page.request.put("/api/auth/update-profile", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { businessType: "dental" },
  });
  expect(typed.status()).toBe(200);

  await openDashboard(page, "fr", "/dashboard/try");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("TrySection.title"));
  await expectNoEnglish(page, "fr");
  await page.getByRole("button", { name: fr("TrySection.start") }).click();
  const talk = conversation(page, "fr");
  await expect(talk.lastReply).toContainText("Léa");
  await expect(page.getByText(fr("TrySection.callLanguage", { language: fr("TrySection.languages.fr") }))).toBeVisible();
  await talk.chip("Je voudrais prendre rendez-vous", fr("Simulator.askName"));
  await talk.chip("Louise Bernard", fr("Simulator.askReason", { name: "Louise Bernard" }));
  await expect(page.getByTestId("try-chip")).toHaveText(["Un détartrage"]);
  await talk.chip("Un détartrage", fr("Simulator.askEmail"));
  await talk.type("Non", fr("Simulator.askDay"));
  await talk.chip("Demain", fr("Simulator.whichOne"));
  await talk.chip("Le premier", fr("Simulator.readBack").split("{slot}")[1]!);
  await talk.chip("Oui", fr("Receptionist.booked").split("{slot}")[0]!.replace("{name}", "Louise Bernard"));
  await expectNoEnglish(page, "fr");
  // "Non, merci" ends the call: the receptionist says goodbye and hangs up.
  await talk.chip("Non, merci", fr("Receptionist.goodbye"));
  await expect(page.getByTestId("try-ended")).toBeVisible();
  await expect(page.getByRole("button", { name: fr("TrySection.hangUp") })).toHaveCount(0);
  await expectNoEnglish(page, "fr");

  await openDashboard(page, "fr", "/dashboard/calls");
  await expect(page.getByTestId("call").getByTestId("call-outcome")).toHaveText(fr("CallsSection.outcomes.booked"));
  // One place for the badges (beside the caller), and a separator only between two parts.
  await expect(page.getByTestId("call").getByTestId("call-badges").getByTestId("call-outcome")).toHaveCount(1);
  // The duration is named for screen readers only.
  await expect(page.getByTestId("call").getByTestId("call-when")).toHaveText(
    new RegExp(`^[^·]+ · ${fr("CallsSection.durationLabel")} \\d+:\\d\\d$`),
  );
  await expectNoEnglish(page, "fr");
  const { calls } = (await (await page.request.get("/api/calls")).json()) as { calls: { fromNumber: string }[] };

  await openDashboard(page, "fr", "/dashboard/outbox");
  await expect(page.getByTestId("outbox-sandbox-banner")).toContainText(fr("OutboxSection.sandboxBanner"));
  const sent = await expectOutbox(page, calls[0]!.fromNumber, owner.email);
  await sent.sms.getByText(fr("OutboxSection.showMessage")).click();
  await expect(sent.sms.getByTestId("outbox-body")).toBeVisible();
  await expectNoEnglish(page, "fr");
});

test("an owner who is not ready sees what is missing, each step a link, and cannot start; an unknown call is not found", async ({
  page,
}) => {
  const en = (key: string) => m("en", key);
  const owner = await newOwner(page, { tag: "try-notready" });
  await openDashboard(page, "en", "/dashboard/try");
  const panel = page.getByTestId("try-not-ready");
  await expect(panel.getByRole("heading", { name: en("TrySection.notReadyTitle") })).toBeVisible();
  const steps = panel.getByTestId("try-step");
  await expect(steps).toHaveCount(3);
  expect(await steps.evaluateAll((items) => items.map((i) => i.getAttribute("data-step")))).toEqual(["calendar", "subscription", "number"]);
  await expect(page.getByRole("button", { name: en("TrySection.start") })).toBeDisabled();
  await expect(page.getByRole("button", { name: en("TrySection.start") })).toHaveAccessibleDescription(en("TrySection.startLocked"));
  await expect(page.getByTestId("try-call")).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  // One step done elsewhere: the list follows.
  const res = await page.request.post("/api/google-calendar/authorize", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: { code: "sandbox-test-code" },
  });
  expect(res.status()).toBe(200);
  await openDashboard(page, "en", "/dashboard/try");
  expect(await steps.evaluateAll((items) => items.map((i) => i.getAttribute("data-step")))).toEqual(["subscription", "number"]);
  await steps.getByRole("link", { name: en("TrySection.steps.number.label") }).click();
  await expect(page).toHaveURL(/\/dashboard\/phone-number$/);
  await openDashboard(page, "en", "/dashboard/try");
  await steps.getByRole("link", { name: en("TrySection.steps.subscription.label") }).click();
  await expect(page).toHaveURL(/\/dashboard\/subscription$/);

  await openDashboard(page, "en", "/dashboard/calls/00000000-0000-4000-8000-000000000000");
  await expect(page.getByTestId("call-not-found").getByRole("heading", { level: 1 })).toHaveText(en("CallDetail.notFoundTitle"));
  await page.getByTestId("back-to-calls").click();
  await expect(page.getByTestId("calls-empty")).toBeVisible();
});

/** The part of a message that never changes (the longest text between its {placeholders}). */
function literal(template: string): string {
  return template
    .split(/\{\w+\}/)
    .map((part) => part.trim())
    .sort((a, b) => b.length - a.length)[0]!;
}

/**
 * Books as a caller would, whatever order the receptionist asks its questions in: each reply is answered according to
 * the question it asks (recognized by its words in the catalogue). Returns the receptionist's confirmation.
 */
async function bookByTalking(page: Page, locale: "fr", answers: { name: string; reason: string; day: string }) {
  const lastReply = page.locator('[data-testid="try-turn"][data-speaker="receptionist"]').last();
  const turns = page.locator('[data-testid="try-turn"]');
  const say = async (words: string) => {
    const before = await turns.count();
    await page.getByLabel(m(locale, "TrySection.yourWords")).fill(words);
    await page.getByRole("button", { name: m(locale, "TrySection.send"), exact: true }).click();
    // The caller's words and the receptionist's answer.
    await expect(turns).toHaveCount(before + 2);
    await expect(page.getByTestId("try-answering")).toHaveCount(0);
  };
  const question = (key: string) => {
    try {
      return literal(m(locale, key));
    } catch {
      return null; // a question this version of the receptionist does not ask
    }
  };
  const booked = literal(m(locale, "Receptionist.booked"));
  const script: [string | null, string][] = [
    [question("Simulator.readBack"), "Oui"],
    [question("Simulator.whichOne"), "Le premier"],
    [question("Simulator.pickAgain"), "Le premier"],
    [question("Simulator.askEmail"), "Non"],
    [question("Simulator.askReason"), answers.reason],
    [question("Simulator.askReasonAgain"), answers.reason],
    [question("Simulator.askName"), answers.name],
    [question("Simulator.askNameAgain"), answers.name],
    [question("Simulator.askDayAgain"), answers.day],
    [question("Simulator.askDay"), answers.day],
  ];
  await say(`Je voudrais un rendez-vous ${answers.day}`);
  for (let turn = 0; turn < 12; turn++) {
    const reply = await lastReply.innerText();
    if (reply.includes(booked)) return reply;
    const next = script.find(([asks]) => asks && reply.includes(asks));
    if (!next) throw new Error(`No answer for the receptionist's words: ${reply}`);
    await say(next[1]);
  }
  throw new Error("The booking did not complete within 12 turns");
}

/**
 * "demain" unless the demo practice is closed tomorrow (a Sunday, or one of its public holidays, which the seeded
 * practice keeps closed as any business does): then the first open day after it, by its weekday ("lundi").
 */
function openDayWords(): string {
  const paris = (d: Date, o: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris", ...o }).format(d);
  for (let days = 1; days < 7; days++) {
    const day = new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    const date = paris(day, { year: "numeric", month: "2-digit", day: "2-digit" });
    const closed = paris(day, { weekday: "long" }) === "Sunday" || publicHolidayOn("FR", "fr", date) !== null;
    if (closed) continue;
    if (days === 1) return "demain à 10h";
    return `${new Intl.DateTimeFormat("fr-FR", { timeZone: "Europe/Paris", weekday: "long" }).format(day)} à 10h`;
  }
  throw new Error("no open day this week");
}

async function signInAsDemoOwner(page: Page) {
  const fr = (key: string) => m("fr", key);
  await page.goto(at("fr", "/login"));
  await page.getByLabel(fr("Fields.email")).fill(DEMO_OWNER.email);
  await page.getByLabel(fr("Fields.password")).fill(DEMO_OWNER.password);
  await page.getByRole("button", { name: fr("LoginPage.submit") }).click();
  await page.waitForURL(/\/fr\/dashboard(\/.*)?$/);
}

test("the seeded demo owner signs in and books at once on the Try page; the booking shows in Appointments, Calls and Messages", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);
  await signInAsDemoOwner(page);
  await openDashboard(page, "fr", "/dashboard/try");
  await expect(page.getByTestId("try-not-ready")).toHaveCount(0);
  // The seed's calls and appointments are already there.
  const seeded = (await (await page.request.get("/api/calls")).json()) as { calls: { id: string }[] };
  expect(seeded.calls.length).toBeGreaterThan(0);

  await page.getByRole("button", { name: fr("TrySection.start") }).click();
  await expect(page.getByTestId("try-turn").first()).toContainText("Camille");
  // A fictional French caller, not the practice's own phone.
  await expect(page.getByTestId("try-caller")).toHaveText(fr("TrySection.caller", { caller: await shown(page, "+33639980142") }));
  const confirmation = await bookByTalking(page, "fr", { name: "Alice Roy", reason: "Un contrôle", day: openDayWords() });
  expect(confirmation).toContain("Alice Roy");
  await expectNoEnglish(page, "fr");
  await page.getByRole("button", { name: fr("TrySection.hangUp") }).click();
  await expect(page.getByTestId("try-ended")).toBeVisible();

  await openDashboard(page, "fr", "/dashboard/appointments");
  const appointment = page.getByTestId("appointments-upcoming").getByTestId("appointment").filter({ hasText: "Alice Roy" });
  await expect(appointment).toHaveCount(1);
  await expect(appointment.getByTestId("appointment-source")).toHaveText(fr("AppointmentsSection.source.phone"));
  // Beside the seeded ones, in French.
  await expect(page.getByTestId("appointment").filter({ hasText: "Jeanne Dupont" })).toHaveCount(1);

  await openDashboard(page, "fr", "/dashboard/calls");
  const newest = page.getByTestId("call").first();
  await expect(newest.getByTestId("call-outcome")).toHaveText(fr("CallsSection.outcomes.booked"));
  await expect(page.getByTestId("call")).toHaveCount(seeded.calls.length + 1);
  await expectNoEnglish(page, "fr");
  const { calls } = (await (await page.request.get("/api/calls")).json()) as { calls: { fromNumber: string; status: string }[] };
  expect(calls[0]).toMatchObject({ fromNumber: "+33639980142", status: "ended" });

  await openDashboard(page, "fr", "/dashboard/outbox");
  const sent = await expectOutbox(page, "+33639980142", DEMO_OWNER.email);
  await sent.sms.getByText(fr("OutboxSection.showMessage")).click();
  await expect(sent.sms.getByTestId("outbox-body")).toBeVisible();
  await expectNoEnglish(page, "fr");
});

test("a call left without hanging up ends: another section, another page, the tab closed: it shows as ended in Calls", async ({ page }) => {
  test.setTimeout(120_000);
  const fr = (key: string) => m("fr", key);
  await signInAsDemoOwner(page);
  const inProgress = fr("CallsSection.statuses.in-progress");
  const callsNow = async () =>
    ((await (await page.request.get("/api/calls")).json()) as { calls: { id: string; status: string; endedReason: string | null }[] })
      .calls;
  const startAndSay = async () => {
    await openDashboard(page, "fr", "/dashboard/try");
    const before = (await callsNow()).length;
    await page.getByRole("button", { name: fr("TrySection.start") }).click();
    await expect(page.getByTestId("try-turn")).toHaveCount(1);
    await page.getByLabel(fr("TrySection.yourWords")).fill("Bonjour");
    await page.getByRole("button", { name: fr("TrySection.send"), exact: true }).click();
    await expect(page.getByTestId("try-turn")).toHaveCount(3);
    const after = await callsNow();
    expect(after.length).toBe(before + 1);
    expect(after[0]!.status).not.toBe("ended");
    return after[0]!.id;
  };
  const expectEnded = async (id: string) => {
    await expect.poll(async () => (await callsNow()).find((c) => c.id === id)?.status).toBe("ended");
    await openDashboard(page, "fr", "/dashboard/calls");
    await expect(page.getByTestId("call").first()).not.toContainText(inProgress);
    await expect(page.getByText(inProgress)).toHaveCount(0);
  };

  // Another dashboard section, through the navigation (the page stays, the section goes).
  const first = await startAndSay();
  await page
    .getByRole("navigation", { name: fr("Dashboard.nav.label") })
    .getByRole("link", { name: fr("Dashboard.nav.calls"), exact: true })
    .click();
  await expect(page).toHaveURL(/\/fr\/dashboard\/calls$/);
  await expectEnded(first);

  // The page itself (another site): its pagehide request.
  const second = await startAndSay();
  await page.goto("about:blank");
  await expectEnded(second);

  // The tab closed, in a tab of its own.
  const tab = await page.context().newPage();
  await openDashboard(tab, "fr", "/dashboard/try");
  await tab.getByRole("button", { name: fr("TrySection.start") }).click();
  await expect(tab.getByTestId("try-turn")).toHaveCount(1);
  const third = (await callsNow())[0]!;
  expect(third.status).not.toBe("ended");
  await tab.close({ runBeforeUnload: true });
  await expectEnded(third.id);
});

test("through the production server's voice webhook the caller hears the booking first; log, calendar and reminder follow", async ({
  page,
}) => {
  const owner = await newOwner(page, { tag: "phone-path" });
  const line = await readyReceptionist(page, owner.token);
  const call = { line, callId: `e2e-${randomUUID()}`, caller: "+33655507788" };
  const bearer = { authorization: `Bearer ${owner.token}` };
  // The reply the model reads: JSON with the sentence said and the slots offered.
  const offered = JSON.parse(await platformToolCall(page.request, call, "check_availability", { date: dayAhead(3) })) as {
    slots?: { date: string; time: string }[];
  };
  const slot = offered.slots![0]!;
  const booked = JSON.parse(
    await platformToolCall(page.request, call, "book_appointment", { date: slot.date, time: slot.time, name: "Zoé Martin" }),
  ) as { say: string };
  expect(booked.say).toMatch(/^Booked/);

  // What the answer did not wait for: the appointment's calendar event and reminder, and the tool calls in the insights.
  const appointment = async () => {
    const res = await page.request.get("/api/appointments", { headers: bearer });
    const [a] = ((await res.json()) as { upcoming: { calendarSyncStatus: string; reminderAt: string | null }[] }).upcoming;
    return { calendar: a?.calendarSyncStatus, reminder: a?.reminderAt !== null };
  };
  await expect.poll(appointment).toEqual({ calendar: "synced", reminder: true });
  const insights = async () => {
    const body = (await (await page.request.get("/api/insights", { headers: bearer })).json()) as {
      toolCalls: { count: number };
      bookingSuccess: { wanted: number; booked: number };
    };
    return { toolCalls: body.toolCalls.count, wanted: body.bookingSuccess.wanted };
  };
  await expect.poll(insights).toEqual({ toolCalls: 2, wanted: 1 });
});

test("en español: la llamada de prueba sugiere a sus profesionales y reserva con el pedido, por la tarde", async ({ page }) => {
  test.setTimeout(180_000);
  const es = (key: string, params: Record<string, string | number> = {}) => m("es", key, params);
  const owner = await newOwner(page, { locale: "es", tag: "prueba", fullName: "Lucía Martín" });
  await readyReceptionist(page, owner.token, "fr");
  const call = async (method: string, path: string, data: unknown) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${owner.token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
  };
  // The receptionist made ready above has its settings: they are changed, not created.
  await call("PUT", "/api/ai/parameters", { language: "es", voiceId: "voice_spanish_male_1", firstMessage: "", agentName: "Léa" });
  await call("PUT", "/api/auth/update-profile", { services: ["Sesión de fisioterapia"] });
  const late = { isOpen: true, openTime: "15:00", closeTime: "20:00" };
  const week = Object.fromEntries(["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"].map((d) => [d, late]));
  await call("POST", "/api/practitioners", { name: "Javier Ortega", workingHours: week });

  await openDashboard(page, "es", "/dashboard/try");
  await page.getByRole("button", { name: es("TrySection.start") }).click();
  const talk = conversation(page, "es");
  await expect(talk.lastReply).toContainText("Léa");
  // The suggestions are the business's own: its practitioner, its service; no famous name.
  const withJavier = "Quisiera una cita con Javier Ortega el jueves por la tarde";
  await talk.chip(withJavier, es("Simulator.askName"));
  await expect(page.getByTestId("try-chip")).toHaveText(["Carmen López"]);
  await talk.chip("Carmen López", es("Simulator.askReason", { name: "Carmen López" }));
  await expect(page.getByTestId("try-chip")).toHaveText(["Sesión de fisioterapia"]);
  await talk.chip("Sesión de fisioterapia", es("Simulator.askEmail"));
  await talk.type("No", es("Simulator.whichOne"));
  // Whose agenda is read is said, with his day ("trabaja de 15:00 a 20:00"), and only Javier's afternoon is offered
  // (in Spain the afternoon starts at 16:00): no offered time ("a las …", "…, …", "… o …") before 16:00.
  await expect(talk.lastReply).toContainText("Miro la agenda de Javier Ortega…");
  await expect(talk.lastReply).toContainText("a las 16:00");
  await expect(talk.lastReply).not.toContainText(/(a las|,| o) (9|1[0-5]):\d\d\b/);
  await talk.chip("La primera", es("Simulator.readBack").split("{slot}")[1]!);
  await talk.chip("Sí", "con Javier Ortega");
  await expect(talk.lastReply).toContainText("a las 16:00");
  await expectNoEnglish(page, "es");
});
