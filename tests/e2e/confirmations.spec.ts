// Confirmations in a real browser: the owner picks how callers' confirmations go (Working hours); a caller ringing from a
// UK mobile books with the confirmation sent to a French one, and the owner's Appointments and the call's page name the
// number that called and the number confirmed to; the caller's page says whose appointment it is and what it is for.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import { dayAhead } from "../helpers/vapi-messages";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard, profileOf, readyReceptionist } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";
import { platformCallStarted, platformToolCall } from "./support/vapi";

const en = (key: string, params: Record<string, string | number> = {}) => m("en", key, params);
const fr = (key: string, params: Record<string, string | number> = {}) => m("fr", key, params);

test("the owner sends confirmations by text only; a UK caller's booking shows both numbers, each named", async ({ page }) => {
  test.setTimeout(120_000);
  const owner = await newOwner(page, { tag: "confirmations" });
  const line = await readyReceptionist(page, owner.token);

  await openDashboard(page, "en", "/dashboard/schedule");
  await expect(page.getByTestId("schedule-confirmation-channel")).toHaveText(en("Options.confirmationChannels.both"));
  await page.getByRole("button", { name: en("Dashboard.edit") }).click();
  await page.getByLabel(en("Fields.confirmationChannel")).selectOption("sms");
  await page.getByRole("button", { name: en("Dashboard.save"), exact: true }).click();
  await expect(page.getByTestId("schedule-confirmation-channel")).toHaveText(en("Options.confirmationChannels.sms"));
  expect((await profileOf(page.request, owner.token)).confirmationChannel).toBe("sms");

  const uk = "+447700900321";
  const call = { line, callId: `e2e-${randomUUID()}`, caller: uk };
  await platformCallStarted(page.request, call);
  const booked = await platformToolCall(page.request, call, "book_appointment", {
    date: dayAhead(3),
    time: "10:00",
    name: "James Bond",
    phone: "06 55 44 33 20",
    reason: "A check-up",
  });
  expect((JSON.parse(booked) as { say: string }).say).toMatch(/^Booked: James Bond/);

  await openDashboard(page, "en", "/dashboard/appointments");
  const row = page.getByTestId("appointments-upcoming").getByTestId("appointment").filter({ hasText: "James Bond" });
  await expect(row.getByTestId("appointment-called-from")).toHaveText(en("AppointmentsSection.calledFrom", { phone: "+44 7700 900321" }));
  await expect(row.getByTestId("appointment-confirmations-to")).toHaveText(
    en("AppointmentsSection.confirmationsTo", { phone: "06 55 44 33 20" }),
  );
  await expect(row.getByTestId("appointment-purpose")).toHaveText("A check-up");
  await expectNoSeriousA11yViolations(page);

  const { calls } = (await (await page.request.get("/api/calls")).json()) as { calls: { id: string; fromNumber: string }[] };
  await openDashboard(page, "en", `/dashboard/calls/${calls.find((c) => c.fromNumber === uk)!.id}`);
  await expect(page.getByTestId("call-summary")).toContainText("+44 7700 900321");
  await expect(page.getByTestId("call-appointment-confirmations-to")).toHaveText(
    en("CallDetail.confirmationsTo", { phone: "06 55 44 33 20" }),
  );
  await expect(page.getByTestId("call-appointment-purpose")).toHaveText("A check-up");

  // The text went by SMS only, with the practice's number as a UK phone dials it.
  await expect
    .poll(
      async () => {
        const outbox = (await (await page.request.get("/api/outbox")).json()) as { messages: { channel: string; recipient: string }[] };
        return outbox.messages.filter((n) => n.recipient === "+33655443320").map((n) => n.channel);
      },
      { timeout: 20_000 },
    )
    .toEqual(["sms"]);
});

test("a parent's booking for a child: the caller's page says whose appointment it is and who booked it, never the reason", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await newOwner(page, { tag: "confirmations-child", locale: "fr" });
  await readyReceptionist(page, owner.token, "fr");
  const res = await page.request.post("/api/appointments", {
    headers: { authorization: `Bearer ${owner.token}` },
    data: {
      patientName: "Léa Martin",
      callerName: "Sophie Martin",
      patientPhone: "06 55 44 33 19",
      reason: "Vaccin",
      date: dayAhead(3),
      time: "11:00",
      duration: 30,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  let link = "";
  await expect
    .poll(
      async () => {
        const outbox = (await (await page.request.get("/api/outbox")).json()) as {
          messages: { channel: string; recipient: string; body: string }[];
        };
        const sms = outbox.messages.find((n) => n.channel === "sms" && n.recipient === "+33655443319");
        link = /https?:\/\/\S+\/fr\/a\/\S+/.exec(sms?.body ?? "")?.[0] ?? "";
        return link;
      },
      { timeout: 20_000 },
    )
    .not.toBe("");

  const caller = await (await browser.newContext({ locale: "fr-FR" })).newPage();
  await caller.goto(new URL(link).pathname);
  await expect(caller.locator("html[data-self-service-ready]")).toBeAttached();
  await expect(caller.getByTestId("self-service-whose")).toHaveText(
    fr("SelfService.forPatientBookedBy", { patient: "Léa", caller: "Sophie" }),
  );
  // The reason is the caller's own words about their health: the page, opened from a text, does not show it.
  await expect(caller.getByTestId("self-service-purpose")).toHaveCount(0);
  await expectNoEnglish(caller, "fr");
  await expectNoSeriousA11yViolations(caller);
});
