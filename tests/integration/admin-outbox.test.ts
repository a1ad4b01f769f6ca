// The admin's sandbox outbox through the real route handler: messages written by the real logged sender (sandbox and
// a stand-in SMTP transport), listed for every account newest first, searched and filtered on the server.
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { env } from "@/lib/platform/env";
import { createLoggedSender } from "@/lib/messaging/delivery/logged-sender";
import type { MessageTransport } from "@/lib/ports/messaging";
import { sandboxTransport } from "@/lib/messaging/delivery/sandbox-transport";
import { providerModes } from "@/lib/vendors/registry";
import { api, type Account, createAdmin, registerOwner } from "../helpers/api";

type Item = {
  id: string;
  userId: string | null;
  account: { businessName: string | null; email: string } | null;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  links: string[];
  attachments: { filename: string; contentType: string }[];
  status: string;
  createdAt: string;
  sentAt: string | null;
};

const smtpTransport: MessageTransport = { kind: "smtp", deliver: async () => ({ providerMessageId: "x" }) };

// Unique to this run: searches on it see only this file's messages, whatever else the database holds.
const tag = `outbox${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const phone = `+1999${String(Math.floor(Math.random() * 10_000_000)).padStart(7, "0")}`;

let ownerA: Account;
let ownerB: Account;
let admin: Account;
const ids: Record<"confirmation" | "text" | "whatsapp" | "offer" | "smtp", string> = {
  confirmation: "",
  text: "",
  whatsapp: "",
  offer: "",
  smtp: "",
};

async function outbox(query = "", token = admin.token) {
  const res = await api("GET", `/api/admin/outbox${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { sandbox: Record<string, boolean>; messages: Item[] };
}

const ours = (messages: Item[]) => messages.map((m) => m.id).filter((id) => Object.values(ids).includes(id));

beforeAll(async () => {
  ownerA = await registerOwner({ businessName: "A Dental" });
  ownerB = await registerOwner({ businessName: "B Bistro" });
  admin = await createAdmin();
  const db = getDb();
  const email = createLoggedSender(db, "email", sandboxTransport);
  const sms = createLoggedSender(db, "sms", sandboxTransport);
  const whatsapp = createLoggedSender(db, "whatsapp", sandboxTransport);
  // One after the other: each row's createdAt is later than the previous one's.
  ids.confirmation = (
    await email.send({
      userId: ownerA.user.id,
      to: `patient-${tag}@example.com`,
      subject: `Appointment confirmed ${tag}`,
      text: "Hello Jane,\nyour appointment is confirmed.",
      html: "<p>Hello Jane</p>",
      links: ["https://example.com/dashboard/appointments"],
      attachments: [{ filename: "invite.ics", contentType: "text/calendar; method=REQUEST", content: "BEGIN:VCALENDAR" }],
    })
  ).id;
  ids.text = (await sms.send({ userId: ownerB.user.id, to: phone, text: `Your table is booked (${tag}).` })).id;
  // No account: the row says so, and the list keeps it that way.
  ids.whatsapp = (await whatsapp.send({ userId: null, to: phone, text: `Reminder ${tag}` })).id;
  ids.offer = (
    await email.send({ userId: ownerB.user.id, to: `guest-${tag}@example.com`, subject: `Offer 50%_off ${tag}`, text: "Half price." })
  ).id;
  // Really delivered by a provider: not the sandbox's, never listed.
  ids.smtp = (
    await createLoggedSender(db, "email", smtpTransport).send({
      userId: ownerA.user.id,
      to: `real-${tag}@example.com`,
      subject: `Real ${tag}`,
      text: "Sent.",
    })
  ).id;
});

describe("GET /api/admin/outbox", () => {
  it("answers 401 without a session and 403 to an owner", async () => {
    const anonymous = await api("GET", "/api/admin/outbox");
    expect(anonymous.status).toBe(401);
    expect(typeof anonymous.body.message).toBe("string");
    const owner = await api("GET", "/api/admin/outbox", { token: ownerA.token });
    expect(owner.status).toBe(403);
    expect(typeof owner.body.message).toBe("string");
  });

  it("lists what the sandbox delivered for every account, newest first, and never a provider's message", async () => {
    const { sandbox, messages } = await outbox();
    const modes = providerModes(env());
    expect(sandbox).toEqual({ email: modes.email === "sandbox", sms: modes.sms === "sandbox", whatsapp: modes.whatsapp === "sandbox" });
    expect(ours(messages)).toEqual([ids.offer, ids.whatsapp, ids.text, ids.confirmation]);
    expect(messages.map((m) => m.id)).not.toContain(ids.smtp);
    const times = messages.map((m) => Date.parse(m.createdAt));
    expect(times).toEqual([...times].sort((x, y) => y - x));

    const confirmation = messages.find((m) => m.id === ids.confirmation)!;
    expect(confirmation).toMatchObject({
      userId: ownerA.user.id,
      channel: "email",
      recipient: `patient-${tag}@example.com`,
      subject: `Appointment confirmed ${tag}`,
      body: "Hello Jane,\nyour appointment is confirmed.",
      links: ["https://example.com/dashboard/appointments"],
      attachments: [{ filename: "invite.ics", contentType: "text/calendar; method=REQUEST" }],
      status: "sent",
    });
    expect(new Date(confirmation.createdAt).toISOString()).toBe(confirmation.createdAt);
    expect(new Date(confirmation.sentAt!).toISOString()).toBe(confirmation.sentAt);
    expect(messages.find((m) => m.id === ids.text)).toMatchObject({
      userId: ownerB.user.id,
      channel: "sms",
      recipient: phone,
      subject: null,
      links: [],
    });
    expect(messages.find((m) => m.id === ids.whatsapp)).toMatchObject({ userId: null, channel: "whatsapp" });
  });

  it("names the account each message was sent for, and none for the platform's own", async () => {
    const { messages } = await outbox();
    const byId = (id: string) => messages.find((m) => m.id === id)!;
    expect(byId(ids.confirmation).account).toEqual({ businessName: "A Dental", email: ownerA.user.email });
    expect(byId(ids.text).account).toEqual({ businessName: "B Bistro", email: ownerB.user.email });
    expect(byId(ids.whatsapp).account).toBeNull();
  });

  it("searches the recipient or the subject, whatever the case, with % and _ taken literally", async () => {
    expect((await outbox(`?q=${tag.toUpperCase()}`)).messages.map((m) => m.id)).toEqual([ids.offer, ids.confirmation]);
    expect((await outbox(`?q=${encodeURIComponent(`PATIENT-${tag}@`)}`)).messages.map((m) => m.id)).toEqual([ids.confirmation]);
    expect((await outbox(`?q=${encodeURIComponent(`50%_off ${tag}`)}`)).messages.map((m) => m.id)).toEqual([ids.offer]);
    // Unescaped, "%<tag>" would match both subjects; taken literally it matches neither.
    expect((await outbox(`?q=${encodeURIComponent(`%${tag}`)}`)).messages).toEqual([]);
    expect((await outbox(`?q=${encodeURIComponent(`Offer 5_%`)}&channel=email`)).messages.map((m) => m.id)).not.toContain(ids.offer);
  });

  it("filters by channel, alone or with a search", async () => {
    const texts = (await outbox("?channel=sms")).messages;
    expect(texts.every((m) => m.channel === "sms")).toBe(true);
    expect(ours(texts)).toEqual([ids.text]);
    expect((await outbox(`?channel=whatsapp&q=${encodeURIComponent(phone)}`)).messages.map((m) => m.id)).toEqual([ids.whatsapp]);
    expect((await outbox(`?channel=email&q=${encodeURIComponent(phone)}`)).messages).toEqual([]);
    // An empty parameter is no filter.
    expect(ours((await outbox(`?channel=&q=`)).messages)).toEqual([ids.offer, ids.whatsapp, ids.text, ids.confirmation]);
  });

  it("refuses an unknown channel with a 400 and a translated message", async () => {
    const res = await api("GET", "/api/admin/outbox?channel=fax", { token: admin.token });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "Channel is not valid" });
    const fr = await api("GET", "/api/admin/outbox?channel=fax", { token: admin.token, headers: { "accept-language": "fr" } });
    expect(fr.status).toBe(400);
    expect(fr.body).toEqual({ message: "Canal n'est pas valide" });
  });
});
