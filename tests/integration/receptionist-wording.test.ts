// Every word a French or Spanish caller hears from the tools, read for a business name left without its article: French
// says "au Cabinet Martin" and "du Cabinet Martin", never "à Cabinet" or "de Cabinet"; Spanish "a la Clínica Sol", never
// "a Clínica". Each tool is played through the Vapi webhook on a practice with such a name, and the assistant's own
// words (greeting, instructions, tool lines) are read too.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { api } from "../helpers/api";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiReply } from "../helpers/practice";

const CASES = [
  { language: "fr", name: "Cabinet Martin", bare: /\b(?:à|de) Cabinet Martin/ },
  { language: "fr", name: "Clinique du Lac", bare: /\b(?:à|de) Clinique du Lac/ },
  { language: "es", name: "Clínica Sol", bare: /(?:^|[\s(])(?:a|de) Clínica Sol/ },
  { language: "es", name: "Consultorio Ruiz", bare: /(?:^|[\s(])(?:a|de) Consultorio Ruiz/ },
  { language: "fr", name: "Dr Martin", bare: /\b(?:à|de) Dr Martin/ },
  { language: "es", name: "Dra. Gómez", bare: /(?:^|[\s(])(?:a|de) Dra\. Gómez/ },
] as const;

let n = 0;
const caller = () => `+3378${String(Date.now() % 100_000).padStart(5, "0")}${String(++n).padStart(2, "0")}`;

describe("the receptionist's words in French and Spanish", () => {
  it.each(CASES)("never leave $name without its article ($language)", async ({ language, name, bare }) => {
    const p = await practice(name);
    await getDb().update(users).set({ locale: language }).where(eq(users.id, p.user.id));
    expect((await api("PUT", "/api/booking-page", { token: p.token, body: { enabled: true } })).status).toBe(200);
    const from = caller();
    const call = newCallId();
    const heard: string[] = [];
    const start = await vapi(vapiMessage(p.line, call, from, { type: "assistant-request" }));
    heard.push(JSON.stringify(start.body.assistant));
    const ask = async (tool: string, args: Record<string, unknown>) => {
      const reply = await vapiReply(p.line, call, from, tool, args);
      heard.push(reply.say, ...(reply.slots ?? []).map((s) => s.say), ...(reply.appointments ?? []).map((a) => a.say));
      return reply;
    };
    const offered = (await ask("check_availability", { date: dayAhead(3) })).slots!;
    await ask("book_appointment", { date: offered[0]!.date, time: offered[0]!.time, name: "Marie Dupont" });
    const mine = (await ask("find_my_appointments", {})).appointments!;
    await ask("reschedule_appointment", { appointmentId: mine[0]!.id, date: offered[1]!.date, time: offered[1]!.time });
    await ask("cancel_appointment", { appointmentId: mine[0]!.id });
    await ask("cancel_appointment", { appointmentId: mine[0]!.id });
    await ask("take_message", { message: "Rappel", name: "Marie Dupont" });
    await ask("add_to_waitlist", { name: "Marie Dupont", firstDay: dayAhead(3), lastDay: dayAhead(5) });
    await ask("text_booking_link", {});
    await ask("send_verification_code", { phone: "+33 6 39 98 00 42" });
    await ask("verify_code", { code: "000000" });
    await ask("check_availability", { date: dayAhead(400) });
    for (const words of heard) expect(words).not.toMatch(bare);
    // The business is named in what the caller hears, with its article.
    expect(heard.join(" ")).toContain(name);
  });
});
