// The SMTP transport against a real SMTP server (smtp-server, in-process on 127.0.0.1): what reaches the wire is a
// proper MIME message (text and html alternatives, a text/calendar invite) and a refused recipient fails the delivery.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIcs, icsAttachment } from "@/lib/messaging/notifications/ics";
import { callerEmail } from "@/lib/messaging/notifications/templates";
import { createSmtpTransport, type SmtpTransport } from "@/lib/vendors/smtp/transport";

type Received = { from: string; to: string[]; raw: string };

const REFUSED = "refused@example.test";
const received: Received[] = [];
let server: SMTPServer;
let transport: SmtpTransport;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    // No STARTTLS offered, so nodemailer stays in plain text without needing ?ignoreTLS=true (it only upgrades when
    // the server advertises STARTTLS, unless requireTLS is set).
    disabledCommands: ["STARTTLS"],
    logger: false,
    onRcptTo(address, _session, cb) {
      if (address.address === REFUSED) {
        const err = new Error("Mailbox unavailable") as Error & { responseCode: number };
        err.responseCode = 550;
        return cb(err);
      }
      cb();
    },
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  transport = createSmtpTransport({ url: `smtp://127.0.0.1:${port}`, from: "Recepta <no-reply@test>" });
});

afterAll(async () => {
  transport?.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const facts = {
  businessName: "Cabinet Dupont",
  businessPhone: "+33 1 23 45 67 89",
  businessAddress: "12 rue de la Paix, Paris",
  patientName: "Marie <Curie>",
  start: new Date("2026-12-01T08:30:00Z"),
  end: new Date("2026-12-01T09:00:00Z"),
  timeZone: "Europe/Paris",
  reason: null,
};

describe("createSmtpTransport", () => {
  it("connects to the server on verify", async () => {
    await expect(transport.verify()).resolves.toBeUndefined();
  });

  it("delivers a message with text, html and a calendar invite", async () => {
    const mail = callerEmail("fr", "confirmation", facts);
    const ics = buildIcs({
      uid: "appt-123@recepta.test",
      sequence: 0,
      method: "REQUEST",
      start: facts.start,
      end: facts.end,
      summary: "Rendez-vous — Cabinet Dupont",
      description: "Rendez-vous confirmé, à bientôt.",
      location: facts.businessAddress,
      organizerName: "Cabinet Dupont",
      organizerEmail: "no-reply@test",
      attendeeEmail: "marie@example.test",
    });

    const before = received.length;
    const { providerMessageId } = await transport.deliver({
      to: "marie@example.test",
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [icsAttachment(ics, "REQUEST")],
    });

    expect(received).toHaveLength(before + 1);
    const msg = received.at(-1)!;
    expect(msg.from).toBe("no-reply@test");
    expect(msg.to).toEqual(["marie@example.test"]);

    const headers = headerMap(msg.raw.slice(0, msg.raw.indexOf("\r\n\r\n")));
    expect(headers.get("to")).toBe("marie@example.test");
    expect(headers.get("from")).toBe("Recepta <no-reply@test>");
    expect(decodeWords(headers.get("subject") ?? "")).toBe("Votre rendez-vous avec Cabinet Dupont est confirmé");
    expect(providerMessageId).toBeTruthy();
    expect(headers.get("message-id")).toBe(providerMessageId);

    const parts = leafParts(msg.raw);
    const plain = parts.find((p) => p.type.startsWith("text/plain"));
    const html = parts.find((p) => p.type.startsWith("text/html"));
    const cal = parts.find((p) => p.type.startsWith("text/calendar"));
    expect(plain?.body).toContain("Bonjour Marie <Curie>,");
    expect(plain?.body).toContain("09:30");
    expect(html?.body).toContain("Bonjour Marie &lt;Curie&gt;,");
    expect(cal?.type).toContain("method=REQUEST");
    expect(cal?.disposition).toContain("invite.ics");
    expect(cal?.body).toContain("METHOD:REQUEST\r\n");
    expect(cal?.body).toContain("UID:appt-123@recepta.test\r\n");
    expect(cal?.body).toContain("DTSTART:20261201T083000Z\r\n");
  });

  it("throws when the server refuses the recipient, without the address in the error", async () => {
    const before = received.length;
    const error = await transport.deliver({ to: REFUSED, subject: "Hi", text: "Hi" }).then(
      () => null,
      (e: unknown) => e as Error & { code?: string; responseCode?: number },
    );
    expect(error).toBeInstanceOf(Error);
    expect(error?.code).toBe("EENVELOPE");
    expect(error?.responseCode).toBe(550);
    expect(error?.message).not.toContain(REFUSED);
    expect(received).toHaveLength(before);
  });

  it("keeps delivering after close (a new pool opens lazily)", async () => {
    transport.close();
    const before = received.length;
    await transport.deliver({ to: "again@example.test", subject: "Again", text: "Again" });
    expect(received).toHaveLength(before + 1);
  });
});

// --- a small MIME reader, enough for what nodemailer writes ------------------------------------------------------------

type Part = { type: string; disposition: string; body: string };

function headerMap(block: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const i = line.indexOf(":");
    if (i > 0) map.set(line.slice(0, i).trim().toLowerCase(), line.slice(i + 1).trim());
  }
  return map;
}

function leafParts(entity: string): Part[] {
  const split = entity.indexOf("\r\n\r\n");
  const headers = headerMap(entity.slice(0, split));
  const body = entity.slice(split + 4);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith("--"))
      .flatMap((chunk) => leafParts(chunk.replace(/^\r\n/, "")));
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  return [{ type, disposition: headers.get("content-disposition") ?? "", body: decodeBody(body.replace(/\r\n$/, ""), encoding) }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQp(body.replace(/=\r\n/g, ""));
  return body;
}

function decodeQp(s: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    if (s[i] === "=" && /^[0-9A-F]{2}$/i.test(s.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(s.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(s[i] ?? "", "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

// RFC 2047 encoded words: =?UTF-8?Q?...?= or =?UTF-8?B?...?=; the whitespace between two adjacent words is dropped.
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(text, "base64").toString("utf8") : decodeQp(text.replace(/_/g, " ")),
    );
}
