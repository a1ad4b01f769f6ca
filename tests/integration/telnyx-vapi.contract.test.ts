// The real Telnyx and Vapi SDKs, pointed at a local HTTP server: checks the method, path, query, headers and JSON body
// each adapter sends, and how it reads the answers (pagination, ids, 404s). No network.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTelnyxSmsTransport, createTelnyxWhatsAppTransport, MissingSenderError } from "@/lib/vendors/telnyx/messaging";
import { createTelnyxTelephony } from "@/lib/vendors/telnyx/telephony";
import { createVapiVoice } from "@/lib/vendors/vapi/voice";

type Recorded = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: any };
type Reply = { status?: number; body: unknown };

let server: Server;
let origin = "";
let requests: Recorded[] = [];
let respond: (r: Recorded) => Reply = () => ({ status: 500, body: { error: "no handler" } });

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const text = Buffer.concat(chunks).toString("utf8");
      const rec: Recorded = {
        method: req.method ?? "",
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: text ? JSON.parse(text) : null,
      };
      requests.push(rec);
      const reply = respond(rec);
      res.writeHead(reply.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(reply.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  requests = [];
});

const TELNYX_KEY = "KEY_test_telnyx";
const telnyxOpts = () => ({ apiKey: TELNYX_KEY, baseUrl: `${origin}/v2`, maxRetries: 0 });

function numberRow(over: Record<string, unknown>) {
  return {
    record_type: "phone_number",
    status: "active",
    created_at: "2025-01-01T00:00:00Z",
    purchased_at: "2025-01-01T00:00:00Z",
    tags: [],
    ...over,
  };
}

describe("createTelnyxTelephony", () => {
  it("lists active numbers across every page, 100 at a time, with the spec's region and type fallbacks", async () => {
    respond = (r) => {
      const page = Number(r.query.get("page[number]") ?? "1");
      const data =
        page === 1
          ? [
              numberRow({ id: "pn-1", phone_number: "+33170000001", country_iso_alpha2: "FR", phone_number_type: "local" }),
              // No country and no type: the admin view's defaults (US, local).
              numberRow({ id: "pn-2", phone_number: "+12125550101", country_iso_alpha2: "", phone_number_type: null }),
            ]
          : [numberRow({ id: "pn-3", phone_number: "+18005550102", iso_country: "CA", phone_number_type: "tollfree" })];
      return { body: { data, meta: { page_number: page, page_size: 100, total_pages: 2, total_results: 3 } } };
    };

    const numbers = await createTelnyxTelephony(telnyxOpts()).listOwnedNumbers();

    expect(numbers).toEqual([
      { phoneNumber: "+33170000001", region: "FR", phoneNumberType: "local", providerId: "pn-1" },
      { phoneNumber: "+12125550101", region: "US", phoneNumberType: "local", providerId: "pn-2" },
      { phoneNumber: "+18005550102", region: "CA", phoneNumberType: "toll_free", providerId: "pn-3" },
    ]);
    expect(requests).toHaveLength(2);
    for (const r of requests) {
      expect(r.method).toBe("GET");
      expect(r.path).toBe("/v2/phone_numbers");
      expect(r.query.get("page[size]")).toBe("100");
      expect(r.query.get("filter[status]")).toBe("active");
      expect(r.headers.authorization).toBe(`Bearer ${TELNYX_KEY}`);
    }
    expect(requests[0]!.query.get("page[number]")).toBeNull();
    expect(requests[1]!.query.get("page[number]")).toBe("2");
  });

  it("releases a number with DELETE /phone_numbers/{id}", async () => {
    respond = (r) => ({ body: { data: { id: r.path.split("/").pop(), status: "deleted" } } });
    await createTelnyxTelephony(telnyxOpts()).releaseNumber("pn-9");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /v2/phone_numbers/pn-9"]);
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${TELNYX_KEY}`);
  });

  it("treats a number Telnyx no longer has as released, and surfaces other refusals", async () => {
    const telephony = createTelnyxTelephony(telnyxOpts());
    respond = () => ({ status: 404, body: { errors: [{ code: "10005", title: "Resource not found" }] } });
    await expect(telephony.releaseNumber("pn-gone")).resolves.toBeUndefined();
    respond = () => ({ status: 403, body: { errors: [{ code: "10010", title: "Deletion lock enabled" }] } });
    await expect(telephony.releaseNumber("pn-locked")).rejects.toMatchObject({ status: 403 });
  });

  it("makes a business's messaging profile with the pool profile's destinations and our webhook (API v2)", async () => {
    const webhookUrl = "https://app.example.com/api/webhooks/telnyx";
    respond = (r) =>
      r.method === "GET"
        ? { body: { data: { id: "mp-pool", record_type: "messaging_profile", whitelisted_destinations: ["FR", "ES", "BE"] } } }
        : { body: { data: { id: "mp-new", record_type: "messaging_profile" } } };
    const telephony = createTelnyxTelephony({ ...telnyxOpts(), webhookUrl, poolProfileId: "mp-pool" });
    expect(await telephony.createMessagingProfile({ name: "Recepta 1234", country: "FR" })).toBe("mp-new");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["GET /v2/messaging_profiles/mp-pool", "POST /v2/messaging_profiles"]);
    expect(requests[1]!.body).toEqual({
      name: "Recepta 1234",
      whitelisted_destinations: ["FR", "ES", "BE"],
      webhook_url: webhookUrl,
      webhook_api_version: "2",
    });

    // Without a pool profile: the business's own country only.
    requests = [];
    await createTelnyxTelephony({ ...telnyxOpts(), webhookUrl }).createMessagingProfile({ name: "Recepta 5678", country: "ES" });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["POST /v2/messaging_profiles"]);
    expect(requests[0]!.body.whitelisted_destinations).toEqual(["ES"]);
  });

  it("moves a number onto a profile, back to the pool's (or none), and deletes a profile (one already gone is deleted)", async () => {
    respond = () => ({ body: { data: { id: "pn-1", messaging_profile_id: "x" } } });
    await createTelnyxTelephony({ ...telnyxOpts(), poolProfileId: "mp-pool" }).moveToMessagingProfile("pn-1", "mp-biz");
    await createTelnyxTelephony({ ...telnyxOpts(), poolProfileId: "mp-pool" }).moveToMessagingProfile("pn-1", null);
    await createTelnyxTelephony(telnyxOpts()).moveToMessagingProfile("pn-1", null);
    expect(requests.map((r) => `${r.method} ${r.path} ${JSON.stringify(r.body)}`)).toEqual([
      'PATCH /v2/phone_numbers/pn-1/messaging {"messaging_profile_id":"mp-biz"}',
      'PATCH /v2/phone_numbers/pn-1/messaging {"messaging_profile_id":"mp-pool"}',
      'PATCH /v2/phone_numbers/pn-1/messaging {"messaging_profile_id":""}',
    ]);
    requests = [];
    respond = () => ({ body: { data: { id: "mp-biz" } } });
    await createTelnyxTelephony(telnyxOpts()).deleteMessagingProfile("mp-biz");
    respond = () => ({ status: 404, body: { errors: [{ code: "10005", title: "Resource not found" }] } });
    await expect(createTelnyxTelephony(telnyxOpts()).deleteMessagingProfile("mp-gone")).resolves.toBeUndefined();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "DELETE /v2/messaging_profiles/mp-biz",
      "DELETE /v2/messaging_profiles/mp-gone",
    ]);
  });
});

describe("createTelnyxSmsTransport", () => {
  const webhookUrl = "https://app.example.com/api/webhooks/telnyx";

  it("POSTs /messages with from, to, text and our webhook (the line's own profile applies), and returns the message id", async () => {
    respond = () => ({
      body: { data: { id: "msg-sms-1", record_type: "message", to: [{ phone_number: "+15550001111", status: "queued" }] } },
    });
    const sms = createTelnyxSmsTransport({ ...telnyxOpts(), webhookUrl });

    const result = await sms.deliver({ to: "+15550001111", from: "+12125550100", text: "Your appointment is confirmed." });

    expect(result).toEqual({ providerMessageId: "msg-sms-1" });
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(`${r!.method} ${r!.path}`).toBe("POST /v2/messages");
    expect(r!.headers.authorization).toBe(`Bearer ${TELNYX_KEY}`);
    expect(r!.body).toEqual({
      from: "+12125550100",
      to: "+15550001111",
      text: "Your appointment is confirmed.",
      webhook_url: webhookUrl,
    });
  });

  it("refuses a message without a sending number before calling Telnyx", async () => {
    const sms = createTelnyxSmsTransport({ ...telnyxOpts(), webhookUrl });
    await expect(sms.deliver({ to: "+15550001111", text: "Hi" })).rejects.toBeInstanceOf(MissingSenderError);
    await expect(sms.deliver({ to: "+15550001111", from: "  ", text: "Hi" })).rejects.toThrow(/sending number/);
    expect(requests).toHaveLength(0);
  });

  it("throws the provider's refusal so the logged sender can mark the row failed", async () => {
    respond = () => ({ status: 422, body: { errors: [{ code: "40310", title: "Invalid 'to' address" }] } });
    const sms = createTelnyxSmsTransport({ ...telnyxOpts(), webhookUrl });
    await expect(sms.deliver({ to: "+1", from: "+12125550100", text: "Hi" })).rejects.toMatchObject({ status: 422 });
  });
});

describe("createTelnyxWhatsAppTransport", () => {
  const webhookUrl = "https://app.example.com/api/webhooks/telnyx";

  it("sends an approved template with its body parameters from the configured WhatsApp number", async () => {
    respond = () => ({ body: { data: { id: "msg-wa-1" } } });
    const wa = createTelnyxWhatsAppTransport({ ...telnyxOpts(), fromNumber: "+14155550100", messagingProfileId: "mp-1", webhookUrl });

    const result = await wa.deliver({
      to: "+15550001111",
      from: "+12125550100",
      text: "Your appointment is on Tue at 3pm.",
      whatsappTemplate: { name: "appointment_confirmation", language: "en_US", parameters: ["Dr Smith", "Tue 3pm"] },
    });

    expect(result).toEqual({ providerMessageId: "msg-wa-1" });
    const [r] = requests;
    expect(`${r!.method} ${r!.path}`).toBe("POST /v2/messages/whatsapp");
    expect(r!.headers.authorization).toBe(`Bearer ${TELNYX_KEY}`);
    expect(r!.body).toEqual({
      from: "+14155550100",
      to: "+15550001111",
      messaging_profile_id: "mp-1",
      webhook_url: webhookUrl,
      whatsapp_message: {
        type: "template",
        template: {
          name: "appointment_confirmation",
          language: { code: "en_US" },
          components: [
            {
              type: "body",
              parameters: [
                { type: "text", text: "Dr Smith" },
                { type: "text", text: "Tue 3pm" },
              ],
            },
          ],
        },
      },
    });
  });

  it("sends free-form text from the message's own number when no WhatsApp number is configured", async () => {
    respond = () => ({ body: { data: { id: "msg-wa-2" } } });
    const wa = createTelnyxWhatsAppTransport({ ...telnyxOpts(), webhookUrl });
    await wa.deliver({ to: "+15550001111", from: "+12125550100", text: "See you tomorrow." });
    expect(requests[0]!.body).toEqual({
      from: "+12125550100",
      to: "+15550001111",
      webhook_url: webhookUrl,
      whatsapp_message: { type: "text", text: { body: "See you tomorrow." } },
    });
  });

  it("refuses a message when neither a WhatsApp number nor message.from is set", async () => {
    const wa = createTelnyxWhatsAppTransport({ ...telnyxOpts(), webhookUrl });
    await expect(wa.deliver({ to: "+15550001111", text: "Hi" })).rejects.toBeInstanceOf(MissingSenderError);
    expect(requests).toHaveLength(0);
  });
});

describe("createVapiVoice", () => {
  const VAPI_KEY = "vapi-test-key";
  const SECRET = "vapi-webhook-secret-xyz";
  const voice = () =>
    createVapiVoice({ apiKey: VAPI_KEY, baseUrl: origin, telnyxCredentialId: "cred-telnyx-1", webhookSecret: SECRET, maxRetries: 0 });

  it("imports the Telnyx number with our server URL and secret header, and no assistant (assistant-request)", async () => {
    respond = (r) => ({
      status: 201,
      body: {
        id: "vapi-pn-1",
        orgId: "org-1",
        provider: "telnyx",
        number: r.body.number,
        credentialId: r.body.credentialId,
        status: "active",
        createdAt: "2025-01-01T00:00:00.000Z",
        updatedAt: "2025-01-01T00:00:00.000Z",
      },
    });

    const result = await voice().attachNumber({ phoneNumber: "+12125550100", serverUrl: "https://app.example.com/api/webhooks/vapi" });

    expect(result).toEqual({ providerNumberId: "vapi-pn-1" });
    expect(requests).toHaveLength(1);
    const [r] = requests;
    expect(`${r!.method} ${r!.path}`).toBe("POST /phone-number");
    expect(r!.headers.authorization).toBe(`Bearer ${VAPI_KEY}`);
    expect(r!.body).toEqual({
      provider: "telnyx",
      number: "+12125550100",
      credentialId: "cred-telnyx-1",
      name: "Recepta",
      server: { url: "https://app.example.com/api/webhooks/vapi", headers: { "x-vapi-secret": SECRET }, timeoutSeconds: 20 },
    });
    expect(r!.body).not.toHaveProperty("assistantId");
    expect(r!.body).not.toHaveProperty("squadId");
    expect(r!.body).not.toHaveProperty("workflowId");
  });

  it("detaches with DELETE /phone-number/{id}", async () => {
    respond = () => ({ body: { id: "vapi-pn-1", orgId: "org-1", provider: "telnyx", number: "+12125550100" } });
    await voice().detachNumber("vapi-pn-1");
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(["DELETE /phone-number/vapi-pn-1"]);
    expect(requests[0]!.headers.authorization).toBe(`Bearer ${VAPI_KEY}`);
  });

  it("treats a number Vapi no longer has as detached, and surfaces other failures", async () => {
    respond = () => ({ status: 404, body: { message: "Not Found", statusCode: 404 } });
    await expect(voice().detachNumber("vapi-pn-gone")).resolves.toBeUndefined();
    respond = () => ({ status: 500, body: { message: "Internal Server Error" } });
    await expect(voice().detachNumber("vapi-pn-1")).rejects.toMatchObject({ statusCode: 500 });
    expect(requests).toHaveLength(2);
  });
});
