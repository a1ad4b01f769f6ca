// The receptionist's tool calls as the insights read them: each tool call the Vapi webhook answers leaves a row with
// the tool's name (or "unknown"), how it ended and how long we took, written in one statement per message; and a log
// that cannot be written never costs the caller an answer. The real route and database.
import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calls, callToolCalls } from "@/db/schema";
import { captureLogs } from "../helpers/logs";
import { dayAhead, newCallId, practice, vapi, vapiMessage, vapiTool, type Practice } from "../helpers/practice";

const CALLER = "+33622334455";

function toolCalls(callId: string, list: { id: string; name: string; args?: Record<string, unknown> }[]) {
  return {
    type: "tool-calls",
    toolCallList: list.map((c) => ({ id: c.id, type: "function", function: { name: c.name, arguments: c.args ?? {} } })),
  };
}

const logOf = (callId: string) =>
  getDb()
    .select({
      userId: callToolCalls.userId,
      tool: callToolCalls.tool,
      outcome: callToolCalls.outcome,
      durationMs: callToolCalls.durationMs,
    })
    .from(callToolCalls)
    .where(eq(callToolCalls.providerCallId, callId))
    .orderBy(callToolCalls.tool);

describe("the tool-call log the Vapi webhook writes", () => {
  let p: Practice;
  beforeAll(async () => {
    p = await practice("Cabinet Chrono");
  });

  it("records each tool call of a message with its tool, outcome and duration, in one statement; an unknown tool as unknown", async () => {
    const callId = newCallId("log");
    const res = await vapi(
      vapiMessage(
        p.line,
        callId,
        CALLER,
        toolCalls(callId, [
          { id: "t1", name: "check_availability", args: { date: dayAhead(3) } },
          { id: "t2", name: "exfiltrate_everything", args: { table: "users" } },
        ]),
      ),
    );
    expect(res.status).toBe(200);
    // The caller's answers come first: the offered times, and a refusal of the tool we do not have.
    expect(res.body.results[0].result).toMatch(/I can offer/);
    expect(res.body.results[1].error).toBe("That is not something I can do.");

    const rows = await logOf(callId);
    expect(rows).toEqual([
      { userId: p.user.id, tool: "check_availability", outcome: "result", durationMs: expect.any(Number) },
      { userId: p.user.id, tool: "unknown", outcome: "error", durationMs: expect.any(Number) },
    ]);
    for (const r of rows) expect(r.durationMs).toBeGreaterThanOrEqual(0);
    // Nothing of what the model sent is kept: neither the name it made up nor its arguments.
    const [raw] = await getDb().execute<{ text: string }>(
      sql`select string_agg(row_to_json(t)::text, ' ') as text from call_tool_calls t where provider_call_id = ${callId}`,
    );
    expect(raw!.text).not.toContain("exfiltrate");
    expect(raw!.text).not.toContain("users");
    // Both rows from one insert: the same transaction time, to the microsecond.
    const [stamps] = await getDb().execute<{ n: number }>(
      sql`select count(distinct created_at)::int as n from call_tool_calls where provider_call_id = ${callId}`,
    );
    expect(stamps!.n).toBe(1);
  });

  it("times the tool calls of later messages of the same call as rows of their own", async () => {
    const callId = newCallId("log");
    await vapiTool(p.line, callId, CALLER, "check_availability", { date: dayAhead(4) });
    expect(await vapiTool(p.line, callId, CALLER, "book_appointment", { date: dayAhead(4), time: "10:00", name: "Ada Chrono" })).toMatch(
      /^Booked/,
    );
    expect((await logOf(callId)).map((r) => [r.tool, r.outcome])).toEqual([
      ["book_appointment", "result"],
      ["check_availability", "result"],
    ]);
  });

  it("marks a call that looked for a time as one that wanted an appointment; a call that only left a message is not", async () => {
    const wantedOf = async (callId: string) =>
      (await getDb().select({ wanted: calls.wantedBooking }).from(calls).where(eq(calls.providerCallId, callId)))[0]?.wanted;
    const looking = newCallId("log");
    await vapi(vapiMessage(p.line, looking, CALLER, { type: "status-update", status: "in-progress" }));
    expect(await wantedOf(looking)).toBe(false);
    await vapiTool(p.line, looking, CALLER, "check_availability", { date: dayAhead(5) });
    expect(await wantedOf(looking)).toBe(true);
    const message = newCallId("log");
    await vapi(vapiMessage(p.line, message, CALLER, { type: "status-update", status: "in-progress" }));
    await vapiTool(p.line, message, CALLER, "take_message", { message: "Rappelez-moi", name: "Ada" });
    expect(await wantedOf(message)).toBe(false);
  });

  it("answers the caller when the log cannot be written, and logs the error's kind only", async () => {
    const callId = newCallId("log");
    // A constraint no new row can meet (NOT VALID: the rows already there are not checked): every insert is refused.
    await getDb().execute(sql`alter table call_tool_calls add constraint refuse_for_test check (false) not valid`);
    const logs = captureLogs();
    try {
      const said = await vapiTool(p.line, callId, CALLER, "take_message", { message: "Rappelez-moi", name: "Ada Chrono" });
      // Out of hours the caller also hears when someone can call back.
      expect(said).toMatch(/^Your message has been passed on to Cabinet Chrono\.( We are closed|$)/);
    } finally {
      logs.restore();
      await getDb().execute(sql`alter table call_tool_calls drop constraint refuse_for_test`);
    }
    expect(await logOf(callId)).toEqual([]);
    const entry = logs.entries().find((e) => e.msg === "receptionist tool calls not logged");
    expect(entry).toMatchObject({ level: "error", name: expect.any(String) });
    // Neither the call id nor what the caller said reaches the log.
    expect(logs.text()).not.toContain(callId);
    expect(logs.text()).not.toContain("Rappelez-moi");
  });
});
