// The inbox in a real browser: a caller's text (the sandbox's signed message.received, through the same receiver as
// the webhook) lands in a thread with an unread badge; the owner opens it, replies by SMS, and the reply goes out from
// the business's line, which moves the thread out of "to handle"; WhatsApp is offered only inside its 24-hour window; on
// a phone the conversation comes first and the sandbox's form waits behind its button.
import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m, type Locale } from "./support/messages";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

async function ownerWithLine(page: Page, locale: Locale) {
  const owner = await newOwner(page, { tag: "inbox", locale });
  const auth = { authorization: `Bearer ${owner.token}` };
  // A number is claimed once the calendar is connected and a trial runs.
  expect((await page.request.post("/api/google-calendar/authorize", { headers: auth, data: { code: "sandbox-test-code" } })).status()).toBe(
    200,
  );
  expect((await page.request.post("/api/subscription/start-trial", { headers: auth })).status()).toBeLessThan(300);
  const claim = await page.request.get("/api/phone-numbers/claim", { headers: auth });
  expect(claim.status(), await claim.text()).toBe(200);
  return { ...owner, line: ((await claim.json()) as { phoneNumber: string }).phoneNumber };
}

/** The sandbox card: a caller texts the business's line. */
async function callerTexts(page: Page, locale: Locale, from: string, text: string, expected: string) {
  const card = page.getByTestId("sandbox-text");
  await card.getByLabel(m(locale, "InboxSection.sandbox.from")).fill(from);
  await card.getByLabel(m(locale, "Fields.text")).fill(text);
  await card.getByRole("button", { name: m(locale, "InboxSection.sandbox.send") }).click();
  await expect(toast(page, expected)).toBeVisible();
}

test("a caller's text lands in the inbox; the owner reads it and replies by SMS from the business's line", async ({ page }) => {
  const owner = await ownerWithLine(page, "en");
  await openDashboard(page, "en", "/dashboard/inbox");
  await expect(page.getByTestId("inbox-empty")).toBeVisible();

  await callerTexts(page, "en", "06 12 34 56 78", "Can I come earlier tomorrow?", m("en", "InboxSection.sandbox.actions.thread"));
  const thread = page.getByTestId("thread").filter({ hasText: "Can I come earlier tomorrow?" });
  await expect(thread).toBeVisible();
  await expect(thread.getByTestId("thread-unread")).toHaveText("1 unread");
  await expect(page.getByTestId("inbox-unread").first()).toBeAttached();

  await thread.click();
  const view = page.getByTestId("thread-view");
  await expect(view.getByTestId("text-in")).toContainText("Can I come earlier tomorrow?");
  // Opened is read: the badges go.
  await expect(thread.getByTestId("thread-unread")).toHaveCount(0);
  await expect(page.getByTestId("inbox-unread")).toHaveCount(0);
  // No WhatsApp message from this caller: WhatsApp is not offered, and the page says why.
  await expect(view.getByRole("option", { name: "WhatsApp" })).toBeDisabled();
  await expect(view.getByTestId("whatsapp-window")).toHaveText(m("en", "InboxSection.whatsappClosed"));
  // Checked once the toast has faded (mid-animation its text is between two colours).
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);

  await view.getByLabel(m("en", "InboxSection.yourReply")).fill("Yes, come at 9:00.");
  await view.getByRole("button", { name: m("en", "InboxSection.send"), exact: true }).click();
  await expect(toast(page, m("en", "InboxSection.sent"))).toBeVisible();
  const reply = view.getByTestId("text-out").filter({ hasText: "Yes, come at 9:00." });
  await expect(reply.getByTestId("text-status")).toHaveText(m("en", "InboxSection.statuses.sent"), { timeout: 15_000 });

  // The outbox holds the SMS, from the business's number to the caller.
  const outbox = await page.request.get("/api/outbox", { headers: { authorization: `Bearer ${owner.token}` } });
  const sent = ((await outbox.json()) as { messages: { channel: string; recipient: string; body: string; status: string }[] }).messages;
  expect(sent.find((n) => n.body === "Yes, come at 9:00.")).toMatchObject({ channel: "sms", recipient: "+33612345678", status: "sent" });

  // Replying handled it: it leaves the conversations to handle and is found under Handled, until reopened.
  const byCaller = page.getByTestId("thread").filter({ hasText: "06 12 34 56 78" });
  await expect(byCaller).toHaveCount(0);
  await expect(view.getByTestId("thread-status")).toHaveText(m("en", "InboxSection.reopen"));
  await page.getByRole("button", { name: m("en", "InboxSection.filters.done"), exact: true }).click();
  await expect(byCaller).toContainText("Yes, come at 9:00.");
  await view.getByTestId("thread-status").click();
  await expect(toast(page, m("en", "InboxSection.reopened"))).toBeVisible();
  await expect(byCaller).toHaveCount(0);
  await page.getByRole("button", { name: m("en", "InboxSection.filters.open"), exact: true }).click();
  await expect(byCaller).toBeVisible();
  // One action, named for what it does.
  await expect(view.getByTestId("thread-status")).toHaveText(m("en", "InboxSection.markHandled"));
  await view.getByTestId("thread-status").click();
  await expect(toast(page, m("en", "InboxSection.markedHandled"))).toBeVisible();
  await expect(byCaller).toHaveCount(0);
});

test("in French, the inbox speaks French, WhatsApp is offered after a WhatsApp message, and a refused reply says why", async ({ page }) => {
  await ownerWithLine(page, "fr");
  await openDashboard(page, "fr", "/dashboard/inbox");
  await callerTexts(page, "fr", "+33 6 98 76 54 32", "Bonjour, je serai en retard", m("fr", "InboxSection.sandbox.actions.thread"));
  const card = page.getByTestId("sandbox-text");
  await card.getByLabel(m("fr", "Fields.channel")).selectOption("whatsapp");
  await callerTexts(page, "fr", "+33 6 98 76 54 32", "Dix minutes environ", m("fr", "InboxSection.sandbox.actions.thread"));
  await page.getByTestId("thread").first().click();
  const view = page.getByTestId("thread-view");
  await expect(view.getByTestId("text-in")).toHaveCount(2);
  await expect(view.getByRole("option", { name: "WhatsApp" })).toBeEnabled();
  await expect(view.getByTestId("whatsapp-window")).toContainText("Réponse WhatsApp possible jusqu'au");
  await expectNoEnglish(page, "fr");

  // An empty reply is refused in French before anything is sent.
  await view.getByRole("button", { name: m("fr", "InboxSection.send"), exact: true }).click();
  await expect(view.getByText(m("fr", "Validation.required", { field: m("fr", "Fields.text") }))).toBeVisible();
});

test("on a phone the conversation comes first, and the sandbox's form opens from its button", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await ownerWithLine(page, "es");
  await openDashboard(page, "es", "/dashboard/inbox");
  const toggle = page.getByRole("button", { name: m("es", "InboxSection.sandbox.title") });
  const card = page.getByTestId("sandbox-text");
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(card).toBeHidden();
  await expect(page.getByTestId("inbox-empty")).toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await callerTexts(page, "es", "+33 6 12 34 56 79", "¿Puedo llegar un poco antes?", m("es", "InboxSection.sandbox.actions.thread"));
  await page.getByTestId("thread").filter({ hasText: "¿Puedo llegar un poco antes?" }).click();
  const view = page.getByTestId("thread-view");
  // The open conversation fills the top of the screen, above the requests and the sandbox's form.
  await expect(view.getByTestId("text-in")).toBeInViewport();
  const top = async (l: typeof view) => (await l.boundingBox())!.y;
  expect(await top(view)).toBeLessThan(await top(page.getByTestId("tasks")));
  expect(await top(page.getByTestId("tasks"))).toBeLessThan(await top(toggle));
  await expect(view.getByTestId("thread-status")).toHaveText(m("es", "InboxSection.markHandled"));
  await expectNoEnglish(page, "es");
});

for (const locale of ["fr", "en"] as const) {
  test(`the demo's fiction numbers are taken, and a caller's "C" shows as confirmed by them, apart from booked (${locale})`, async ({
    page,
  }) => {
    const owner = await ownerWithLine(page, locale);
    const auth = { authorization: `Bearer ${owner.token}` };
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    // Two appointments for callers of the French fiction block (06 39 98 xx xx), typed as the app shows them.
    for (const [patientName, patientPhone, time] of [
      ["Lucas Bernard", "06 39 98 01 77", "10:00"],
      ["Emma Petit", "06 39 98 01 78", "11:00"],
    ]) {
      const made = await page.request.post("/api/appointments", {
        headers: auth,
        data: { patientName, patientPhone, date: tomorrow, time, duration: 30 },
      });
      expect(made.status(), await made.text()).toBe(201);
    }
    await openDashboard(page, locale, "/dashboard/inbox");
    // A number that cannot be read is said once, in the form (no toast repeating it).
    const card = page.getByTestId("sandbox-text");
    await card.getByLabel(m(locale, "InboxSection.sandbox.from")).fill("06 00");
    await card.getByLabel(m(locale, "Fields.text")).fill("C");
    await card.getByRole("button", { name: m(locale, "InboxSection.sandbox.send") }).click();
    await expect(card.getByTestId("sandbox-text-error")).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    // The first caller answers the confirmation text with "C", from the number as shown.
    await callerTexts(page, locale, "06 39 98 01 77", "C", m(locale, "InboxSection.sandbox.actions.confirmed"));

    await openDashboard(page, locale, "/dashboard/appointments");
    const status = (name: string) => page.getByTestId("appointment").filter({ hasText: name }).getByTestId("appointment-status");
    await expect(status("Lucas Bernard")).toHaveText(m(locale, "AppointmentsSection.status.confirmed"));
    await expect(status("Emma Petit")).toHaveText(m(locale, "AppointmentsSection.status.booked"));
    if (locale === "fr") await expectNoEnglish(page, "fr");
  });
}
