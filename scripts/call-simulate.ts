// `npm run call:simulate [-- --lang fr] [--url http://localhost:3000] [--script file.json] [--to +1…]`
// Plays a scripted phone call against a running Recepta server through its Vapi webhook, with the same sandbox
// conversation engine as the dashboard's "Try your receptionist". Without --to it first sets up a demo practice through
// the public API (account, sandbox calendar, trial, number, assistant), then shows where the call landed: the
// appointment, the sandbox calendar, the outbox and the call log. Needs the calendar sandbox (no Google credentials).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import nextEnv from "@next/env";
import { callerSays, endCall, startCall, spoken } from "@/lib/receptionist/simulator/simulator";
import { vapiTransport } from "@/lib/vendors/vapi/sandbox-platform";

type Script = { language: "en" | "fr"; caller: string; lines: string[] };

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function webhookSecret(): string {
  if (process.env.VAPI_WEBHOOK_SECRET) return process.env.VAPI_WEBHOOK_SECRET;
  const file = path.resolve(process.env.DATA_DIR ?? ".data", "secrets.json");
  if (fs.existsSync(file)) {
    const stored = JSON.parse(fs.readFileSync(file, "utf8")) as { VAPI_WEBHOOK_SECRET?: string };
    if (stored.VAPI_WEBHOOK_SECRET) return stored.VAPI_WEBHOOK_SECRET;
  }
  throw new Error("No VAPI_WEBHOOK_SECRET in the environment nor in DATA_DIR/secrets.json: run this where the server runs.");
}

async function main() {
  nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
  const base = (arg("url") ?? process.env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
  const lang = (arg("lang") ?? "en") as "en" | "fr";
  const scriptFile = arg("script") ?? path.join(process.cwd(), "scripts", "calls", `${lang}.json`);
  const script = JSON.parse(fs.readFileSync(scriptFile, "utf8")) as Script;
  const secret = webhookSecret();

  const request = async (method: string, route: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${route}`, {
      method,
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, any>;
    if (!res.ok) throw new Error(`${method} ${route} → ${res.status} ${data.message ?? ""}`);
    return data;
  };

  let line = arg("to");
  let token: string | undefined;
  let login: { email: string; password: string } | undefined;
  if (!line) {
    const email = `demo-${lang}-${randomBytes(4).toString("hex")}@example.com`;
    const password = randomBytes(9).toString("base64url");
    const open = { isOpen: true, openTime: "08:00", closeTime: "18:00" };
    const days = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
    const reg = await request("POST", "/api/auth/register", {
      email,
      password,
      fullName: lang === "fr" ? "Dr Claire Martin" : "Dr Jane Smith",
      businessName: lang === "fr" ? "Cabinet Martin" : "Smith Family Practice",
      businessType: "medical",
      appointmentDuration: "30",
      locale: lang,
      timeZone: lang === "fr" ? "Europe/Paris" : "America/New_York",
      workingHours: Object.fromEntries(days.map((d) => [d, open])),
    });
    token = reg.token as string;
    login = { email, password };
    await request("POST", "/api/google-calendar/authorize", { code: "sandbox-test-code" }, token);
    await request("POST", "/api/subscription/start-trial", {}, token);
    line = (await request("GET", "/api/phone-numbers/claim", undefined, token)).phoneNumber as string;
    await request(
      "POST",
      "/api/ai/parameters",
      { language: lang, voiceId: lang === "fr" ? "voice_french_male_1" : "voice_english_female_1", firstMessage: "", agentName: "" },
      token,
    );
    console.log(`Demo practice ready: ${email} on ${line}\n`);
  }

  // The call reaches the server as Vapi's would: its messages, posted to the server URL with the shared secret.
  const transport = vapiTransport(async (payload) => {
    const res = await fetch(`${base}/api/webhooks/vapi`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-vapi-secret": secret },
      body: JSON.stringify(payload),
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    return res.json();
  });

  const callId = `sim-${randomBytes(8).toString("hex")}`;
  let turn = await startCall(transport, { line, caller: script.caller, callId });
  console.log(`Receptionist: ${turn.reply}`);
  for (const text of script.lines) {
    if (turn.ended) break;
    console.log(`Caller:       ${text}`);
    turn = await callerSays(transport, turn.state, text);
    console.log(`Receptionist: ${spoken(turn.reply)}`);
  }
  if (!turn.ended) await endCall(transport, turn.state);
  console.log("");

  if (!token) return;
  const { upcoming } = await request("GET", "/api/appointments", undefined, token);
  const booked = (upcoming as any[]).find((a) => a.source === "phone" && a.status === "booked");
  if (!booked) throw new Error("The call did not book an appointment.");
  console.log(
    `Appointment:  ${booked.patientName}, ${booked.startsAt} (calendar: ${booked.calendarSyncStatus}; reminder job due ${booked.reminderAt ?? "—"})`,
  );
  const { events } = await request("GET", "/api/calendar/events", undefined, token);
  console.log(`Calendar:     ${(events as any[]).map((e) => `${e.summary} at ${e.start}`).join("; ") || "—"}`);
  // The messages leave through the job queue (about a second).
  let messages: any[] = [];
  for (let i = 0; i < 20; i++) {
    messages = ((await request("GET", "/api/outbox", undefined, token)).messages as any[]).filter((m) => m.status === "sent");
    if (messages.length >= 4) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  for (const m of messages.reverse())
    console.log(`Outbox:       ${m.channel.padEnd(8)} → ${m.recipient} (${m.provider}) ${m.subject ?? m.body.slice(0, 60)}`);
  const { calls } = await request("GET", "/api/calls", undefined, token);
  const call = (calls as any[])[0];
  const detail = await request("GET", `/api/calls/${call.id}`, undefined, token);
  console.log(`Call log:     ${detail.outcome}, ${detail.durationSeconds ?? 0}s — ${detail.summary}`);
  console.log(`Transcript:   ${(detail.transcript as string).split("\n").length} lines`);
  console.log(`\nSign in at ${base}/login as ${login!.email} / ${login!.password} to see it in the dashboard.`);
}

main().catch((e: Error) => {
  console.error(`call:simulate failed: ${e.message}`);
  process.exit(1);
});
