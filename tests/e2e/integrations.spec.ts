// The Integrations page in a real browser, in French: the owner copies the calendar feed's address (a calendar app
// reading it gets the booked appointment), makes an API key that reads but cannot book and revokes it (refused at
// once), and adds a webhook endpoint (its secret shown once) that receives the test event and then a booking, each
// signed so the Standard Webhooks library verifies it; the delivery log shows both delivered.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, request as playwrightRequest, test, type Page } from "@playwright/test";
import { Webhook } from "standardwebhooks";
import { expectNoSeriousA11yViolations } from "./support/axe";
import { newOwner, openDashboard } from "./support/dashboard";
import { expectNoEnglish } from "./support/i18n";
import { m } from "./support/messages";

const DAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"] as const;
const EVERY_DAY = Object.fromEntries(DAYS.map((d) => [d, { isOpen: true, openTime: "08:00", closeTime: "18:00" }]));
const fr = (key: string, values?: Record<string, string | number>) => m("fr", key, values);

type Received = { headers: IncomingHttpHeaders; body: string };

/** A receiver on 127.0.0.1 that answers 204 to every POST and keeps what it was sent. */
async function receiver(): Promise<{ url: string; received: Received[]; server: Server }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => (body += chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/recepta`, received, server };
}

/** A French practice open every day, with its calendar and a trial. */
async function frenchPractice(page: Page) {
  const owner = await newOwner(page, { tag: "integrations", locale: "fr", fullName: "Dr Lucie Martin" });
  const call = async (method: string, path: string, data?: unknown) => {
    const res = await page.request.fetch(path, { method, headers: { authorization: `Bearer ${owner.token}` }, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBeLessThan(300);
    return res.json();
  };
  await call("PUT", "/api/auth/update-profile", { businessName: "Cabinet Martin", workingHours: EVERY_DAY, appointmentDuration: "30" });
  await call("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" });
  await call("POST", "/api/subscription/start-trial");
  return { owner, call };
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

test("the owner subscribes a calendar, gives a tool a read-only key, and receives signed webhooks", async ({ page, baseURL }) => {
  const { call } = await frenchPractice(page);
  const first = (await call("POST", "/api/appointments", {
    patientName: "Jeanne Calendrier",
    date: inDays(3),
    time: "10:00",
    duration: 30,
  })) as {
    id: string;
  };
  const hook = await receiver();
  const tool = await playwrightRequest.newContext({ baseURL });
  try {
    await openDashboard(page, "fr", "/dashboard/integrations");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(fr("IntegrationsSection.title"));

    // The calendar feed: a private address a calendar app reads without a session.
    const feedUrl = page.getByTestId("calendar-feed-url");
    await expect(feedUrl).toHaveValue(/\/api\/calendar-feed\/[\w-]+\.ics$/);
    const feed = await tool.get(await feedUrl.inputValue());
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    const ics = await feed.text();
    expect(ics).toContain("BEGIN:VCALENDAR");
    expect(ics).toContain(`UID:${first.id}@`);
    expect(ics).toContain("Jeanne Calendrier");

    await expectNoEnglish(page, "fr");
    await expectNoSeriousA11yViolations(page);

    // An API key that may read appointments: shown once; it reads them, cannot book, and stops once revoked.
    const keys = page.getByTestId("api-keys");
    await keys.getByLabel(fr("IntegrationsSection.apiKeys.name"), { exact: true }).fill("Tableur du cabinet");
    await keys.getByTestId("api-key-scope-appointments:read").check();
    await keys.getByRole("button", { name: fr("IntegrationsSection.apiKeys.create") }).click();
    await expect(keys.getByTestId("api-key-value")).toHaveValue(/^rk_/);
    const key = await keys.getByTestId("api-key-value").inputValue();
    expect(key).toMatch(/^rk_[\w-]{43}$/);
    const asTool = { authorization: `Bearer ${key}`, "accept-language": "fr" };
    const list = await tool.get("/api/appointments", { headers: asTool });
    expect(list.status()).toBe(200);
    expect(JSON.stringify(await list.json())).toContain("Jeanne Calendrier");
    const write = await tool.post("/api/appointments", {
      headers: asTool,
      data: { patientName: "Pas Réservé", date: inDays(4), time: "11:00", duration: 30 },
    });
    expect(write.status()).toBe(403);
    expect((await write.json()).message).toBe(fr("Api.apiKeyScopeMissing", { scope: "appointments:write" }));
    await keys.getByRole("button", { name: fr("IntegrationsSection.apiKeys.done") }).click();
    await expect(keys.getByTestId("api-key-value")).toHaveCount(0);
    await expect(keys.getByTestId("api-key-row")).toContainText("Tableur du cabinet");
    await keys.getByTestId("api-key-revoke").click();
    await page
      .getByRole("dialog")
      .getByRole("button", { name: fr("IntegrationsSection.apiKeys.revoke") })
      .click();
    await expect(keys.getByTestId("api-key-row")).toHaveCount(0);
    expect((await tool.get("/api/appointments", { headers: asTool })).status()).toBe(401);

    // A webhook endpoint for bookings: its secret shown once, the test event and a booking arrive signed.
    const hooks = page.getByTestId("webhook-endpoints");
    await hooks.getByTestId("webhook-url").fill(hook.url);
    await hooks.getByTestId("webhook-add-events").getByLabel(fr("IntegrationsSection.webhooks.events.appointmentBooked")).check();
    await hooks.getByTestId("webhook-add-submit").click();
    await expect(hooks.getByTestId("webhook-secret-value")).toHaveValue(/^whsec_/);
    const secret = await hooks.getByTestId("webhook-secret-value").inputValue();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    await hooks.getByTestId("webhook-secret-done").click();
    await expect(hooks.getByTestId("webhook-secret")).toHaveCount(0);
    const endpoint = hooks.getByTestId("webhook-endpoint");
    await expect(endpoint.getByTestId("webhook-endpoint-url")).toHaveText(hook.url);

    const verified = (r: Received) =>
      new Webhook(secret).verify(r.body, {
        "webhook-id": String(r.headers["webhook-id"]),
        "webhook-timestamp": String(r.headers["webhook-timestamp"]),
        "webhook-signature": String(r.headers["webhook-signature"]),
      }) as { type: string; data: { id: string } };

    await endpoint.getByTestId("webhook-test").click();
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBe(1);
    expect(verified(hook.received[0]!).type).toBe("webhook.test");

    const second = (await call("POST", "/api/appointments", {
      patientName: "Paul Webhook",
      date: inDays(3),
      time: "11:00",
      duration: 30,
    })) as {
      id: string;
    };
    await expect.poll(() => hook.received.length, { timeout: 20_000 }).toBe(2);
    expect(verified(hook.received[1]!)).toMatchObject({ type: "appointment.booked", data: { id: second.id } });

    // Read anew, as the owner coming back to the page would.
    await page.reload();
    await expect(page.locator("html[data-dashboard-ready]")).toBeAttached();
    await endpoint.getByTestId("webhook-log-toggle").click();
    const rows = endpoint.getByTestId("webhook-log-row");
    await expect(rows).toHaveCount(2);
    await expect(rows.and(page.locator('[data-status="delivered"]'))).toHaveCount(2);
    await expect(endpoint.getByTestId("webhook-endpoint-state")).toHaveText(fr("IntegrationsSection.webhooks.state.ok"));
  } finally {
    await tool.dispose();
    await new Promise((resolve) => hook.server.close(resolve));
  }
});
