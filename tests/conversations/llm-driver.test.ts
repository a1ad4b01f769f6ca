// The real-model driver against a local stub that speaks the chat-completions tool-calling format: it must give the
// model exactly the webhook's system prompt and tools, run the model's tool calls through the real webhook, answer
// each with its tool_call_id, stop on the caller's end marker or the turn limit, fail a scenario clearly (and carry on)
// when the endpoint errs or hangs, and fail a scenario whose model books the wrong day.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { calls } from "@/db/schema";
import { transcriptOf } from "./harness";
import { chatTools, END_MARKER, runModelSuite, runWithModel, type ModelEndpoint } from "./llm";
import { scenarios } from "./scenarios";
import type { Scenario } from "./types";

type Body = {
  model: string;
  messages: {
    role: string;
    content: string | null;
    tool_calls?: { id: string; function: { name: string; arguments: string } }[];
    tool_call_id?: string;
  }[];
  tools?: { type: string; function: { name: string } }[];
  tool_choice?: string;
};
type Reply = { status?: number; delayMs?: number; content?: string | null; toolCalls?: { id: string; name: string; args: unknown }[] };
type Seen = { body: Body; headers: http.IncomingHttpHeaders };

/** A chat-completions endpoint whose "models" are functions of the request. */
class Stub {
  seen: Seen[] = [];
  assistant: (b: Body) => Reply = () => ({ content: "Hello." });
  caller: (b: Body) => Reply = () => ({ content: `Bye. ${END_MARKER}` });
  private server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (c) => (raw += c));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
        res.writeHead(404).end();
        return;
      }
      const body = JSON.parse(raw) as Body;
      this.seen.push({ body, headers: req.headers });
      const reply = body.model === "caller-stub" ? this.caller(body) : this.assistant(body);
      const answer = () => {
        if (reply.status && reply.status !== 200) {
          res
            .writeHead(reply.status, { "content-type": "application/json" })
            .end(JSON.stringify({ error: { message: "model overloaded" } }));
          return;
        }
        const toolCalls = reply.toolCalls?.map((c) => ({
          id: c.id,
          type: "function",
          function: { name: c.name, arguments: JSON.stringify(c.args) },
        }));
        const message = { role: "assistant", content: reply.content ?? null, ...(toolCalls?.length ? { tool_calls: toolCalls } : {}) };
        res.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-stub",
            object: "chat.completion",
            choices: [{ index: 0, message, finish_reason: toolCalls?.length ? "tool_calls" : "stop" }],
          }),
        );
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  url = "";
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
  }
  async stop() {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }
  reset(assistant: Stub["assistant"], caller: Stub["caller"]) {
    this.seen = [];
    this.assistant = assistant;
    this.caller = caller;
  }
  requests(model: "assistant-stub" | "caller-stub") {
    return this.seen.filter((s) => s.body.model === model);
  }
}

/** The caller's n-th line (0-based) from how many turns it has already taken. */
const callerTurn = (b: Body) => b.messages.filter((m) => m.role === "assistant").length;
const last = (b: Body) => b.messages.at(-1)!;
const scenario = (id: string): Scenario => scenarios.find((s) => s.id === id)!;

const stub = new Stub();
let ep: ModelEndpoint;
beforeAll(async () => {
  await stub.start();
  ep = { baseUrl: stub.url, apiKey: "test-key", model: "assistant-stub", callerModel: "caller-stub", timeoutMs: 5_000, maxTurns: 8 };
});
afterAll(() => stub.stop());

/** A model that books tomorrow at 10 for John Carter, or on `day`. */
function booker(day: string) {
  return (b: Body): Reply => {
    const m = last(b);
    if (m.role === "tool" && m.tool_call_id === "call_check_1")
      return { content: "Tomorrow at 10:00 AM is free. Shall I book it for John Carter?" };
    if (m.role === "tool" && m.tool_call_id === "call_book_1") return { content: "You are booked for tomorrow at 10:00 AM. Goodbye!" };
    if (m.role === "user" && /10/.test(m.content ?? "")) {
      return { toolCalls: [{ id: "call_check_1", name: "check_availability", args: { date: day, time: "10:00" } }] };
    }
    if (m.role === "user" && /yes/i.test(m.content ?? "")) {
      return {
        toolCalls: [
          { id: "call_book_1", name: "book_appointment", args: { date: day, time: "10:00", name: "John Carter", reason: "Check-up" } },
        ],
      };
    }
    return { content: "Sorry, could you repeat that?" };
  };
}
const johnCarter = (b: Body): Reply => ({
  content:
    ["Hi, I'd like an appointment tomorrow at 10. I'm John Carter, for a check-up.", "Yes please, no email.", `Thanks, bye! ${END_MARKER}`][
      callerTurn(b)
    ] ?? END_MARKER,
});

describe("the real-model driver against a stub endpoint", () => {
  it("gives the model the webhook's prompt and tools, runs its tool calls through the webhook and answers them by id", async () => {
    stub.reset(booker("2027-06-09"), johnCarter);
    const run = await runWithModel(scenario("en-book-tomorrow-at-10"), ep);
    expect(run.verdict.failures, transcriptOf(run.records)).toEqual([]);

    const asked = stub.requests("assistant-stub");
    const model = run.assistant!.model as { messages: unknown[]; tools: { type: string; function?: unknown }[] };
    const first = asked[0]!;
    expect(first.headers.authorization).toBe("Bearer test-key");
    // Exactly the webhook's system prompt and function tools, then the opening line, then the caller.
    expect(first.body.messages[0]).toEqual(model.messages[0]);
    expect(first.body.messages[1]).toEqual({ role: "assistant", content: run.assistant!.firstMessage });
    expect(first.body.messages[2]).toMatchObject({ role: "user", content: expect.stringContaining("tomorrow at 10") });
    // The function tools as they are, then the platform's own end-call tool as a function the model can call.
    expect(first.body.tools!.map((t) => t.function)).toEqual([
      ...model.tools.filter((t) => t.type === "function").map((t) => t.function),
      { name: "endCall", description: "Ends the call, after saying goodbye.", parameters: { type: "object", properties: {} } },
    ]);
    expect(first.body.tool_choice).toBe("auto");
    for (const r of asked) expect(r.body.messages[0]).toEqual(model.messages[0]);

    // The tool result goes back as role "tool" with the call's id, after the assistant message that asked for it.
    const afterCheck = asked[1]!.body.messages;
    const toolMsg = afterCheck.at(-1)!;
    expect(toolMsg).toMatchObject({ role: "tool", tool_call_id: "call_check_1" });
    // The webhook's reply as it is: the words to say, and the slot to pass back.
    expect(JSON.parse(toolMsg.content!)).toEqual({
      say: "Yes, Wednesday, June 9 at 10:00 AM is free.",
      slots: [{ say: "Wednesday, June 9 at 10:00 AM", date: "2027-06-09", time: "10:00" }],
    });
    expect(afterCheck.at(-2)).toMatchObject({
      role: "assistant",
      tool_calls: [{ id: "call_check_1", function: { name: "check_availability" } }],
    });
    const afterBook = asked[3]!.body.messages.at(-1)!;
    expect(afterBook).toMatchObject({ role: "tool", tool_call_id: "call_book_1" });
    expect(JSON.parse(afterBook.content!).say).toMatch(/^Booked: John Carter/);
    // Both calls went through the real webhook.
    const tools = run.records[0]!.events.filter((e) => e.kind === "tool");
    expect(tools.map((e) => (e as { name: string }).name)).toEqual(["check_availability", "book_appointment"]);

    // The caller's end marker stops the call: three caller turns, no assistant request after the last one.
    expect(stub.requests("caller-stub")).toHaveLength(3);
    expect(asked).toHaveLength(4);
    expect(run.records[0]!.endedBy).toBe("caller");
    const callerSystem = stub.requests("caller-stub")[0]!.body.messages[0]!.content!;
    expect(callerSystem).toContain("Speak only English");
    expect(callerSystem).toContain(END_MARKER);
    const [row] = await getDb().select().from(calls).where(eq(calls.providerCallId, run.records[0]!.callId));
    expect(row).toMatchObject({ status: "ended", outcome: "booked", endedReason: "customer-ended-call" });
  });

  it("fails a scenario judged on state when the model books the wrong day", async () => {
    stub.reset(booker("2027-06-10"), johnCarter);
    const run = await runWithModel(scenario("en-book-tomorrow-at-10"), ep);
    expect(run.verdict.pass).toBe(false);
    expect(run.verdict.failures).toContain(
      'no appointment like {"on":"+1","at":"10:00","phone":"caller","name":"/John Carter/","reason":"/check-up/i"}',
    );
    expect(run.verdict.failures.some((f) => f.startsWith("unexpected appointment: booked 2027-06-10 10:00 John Carter"))).toBe(true);
  });

  it("turns the transfer tool into a function the model can call, which ends the call as forwarded", async () => {
    stub.reset(
      (b) =>
        last(b).role === "user"
          ? { toolCalls: [{ id: "call_transfer", name: "transferCall", args: { destination: "+12025550123" } }] }
          : { content: "?" },
      () => ({ content: "Can I speak to a real person, please?" }),
    );
    const run = await runWithModel(scenario("en-transfer"), ep);
    expect(run.verdict.failures, transcriptOf(run.records)).toEqual([]);
    const transfer = stub.requests("assistant-stub")[0]!.body.tools!.find((t) => t.function.name === "transferCall");
    expect(transfer).toMatchObject({
      type: "function",
      function: { name: "transferCall", parameters: { properties: { destination: { enum: ["+12025550123"] } } } },
    });
    expect(run.records[0]!.endedBy).toBe("transfer");
    expect(stub.requests("assistant-stub")).toHaveLength(1);
  });

  it("plays a warm transfer nobody answers: the destination's no-answer line, then the model goes on with the caller", async () => {
    // The front desk (billing) does not answer; a model that then tries the doctor's mobile fails the scenario.
    const model = (fallback: "message" | "mobile") => (b: Body) => {
      const m = last(b);
      if (m.role === "user" && /bill/.test(m.content ?? ""))
        return { toolCalls: [{ id: "call_transfer_1", name: "transferCall", args: { destination: "+12025550370" } }] };
      if (m.role === "tool" && m.tool_call_id === "call_transfer_1")
        return fallback === "mobile"
          ? { toolCalls: [{ id: "call_transfer_2", name: "transferCall", args: { destination: "+12025550371" } }] }
          : { content: "Shall I take a message?" };
      if (m.role === "user" && /invoice/.test(m.content ?? ""))
        return { toolCalls: [{ id: "call_message", name: "take_message", args: { message: m.content, name: "Clark Kent" } }] };
      if (m.role === "tool") return { content: "Your message is passed on. Goodbye!" };
      return { content: "?" };
    };
    const clark = (b: Body): Reply => ({
      content:
        [
          "I'd like to speak to someone about my bill.",
          "Yes, please ask them to call me back about my last invoice. This is Clark Kent.",
          `Thanks, bye! ${END_MARKER}`,
        ][callerTurn(b)] ?? END_MARKER,
    });
    stub.reset(model("message"), clark);
    const run = await runWithModel(scenario("en-billing-desk-no-answer"), ep);
    expect(run.verdict.failures, transcriptOf(run.records)).toEqual([]);
    // The platform said the front desk's line and its no-answer line; the model got the latter as the tool's result.
    const said = run.records[0]!.events.filter((e) => e.kind === "assistant").map((e) => (e as { text: string }).text);
    expect(said).toContain("The front desk isn't answering right now. I can take a message so that you are called back.");
    const back = stub.requests("assistant-stub")[1]!.body.messages.at(-1)!;
    expect(back).toMatchObject({ role: "tool", tool_call_id: "call_transfer_1", content: expect.stringContaining("isn't answering") });

    stub.reset(model("mobile"), clark);
    const wrong = await runWithModel(scenario("en-billing-desk-no-answer"), ep);
    expect(wrong.verdict.failures).toContain(
      "transfers: +12025550370 (not answered), +12025550371 (answered), expected +12025550370 (not answered)",
    );
  });

  it("says the spam report's goodbye and hangs up once the tool has answered, as the platform does", async () => {
    stub.reset(
      (b) =>
        last(b).role === "user" ? { toolCalls: [{ id: "call_spam", name: "report_spam", args: { kind: "robocall" } }] } : { content: "?" },
      () => ({ content: "Press one to lower your credit card interest rate." }),
    );
    const run = await runWithModel(scenario("en-transfer"), ep);
    const said = run.records[0]!.events.filter((e) => e.kind === "assistant").map((e) => (e as { text: string }).text);
    expect(said.slice(-2)).toEqual(["Noted.", "This line is for the business's callers only. Goodbye."]);
    expect(run.records[0]!.endedBy).toBe("assistant");
    // The model was not asked for another turn: the platform ended the call.
    expect(stub.requests("assistant-stub")).toHaveLength(1);
  });

  it("hangs up at the turn limit when the caller never ends", async () => {
    stub.reset(
      () => ({ content: "Take your time." }),
      () => ({ content: "Hmm, let me think." }),
    );
    const idle: Scenario = {
      ...scenario("en-opening-own-greeting"),
      id: "en-undecided",
      expect: { appointments: [], outbox: [], calls: [{ outcome: "no_action", endedReason: "customer-ended-call" }] },
    };
    const run = await runWithModel(idle, { ...ep, maxTurns: 3 });
    expect(run.verdict.failures).toEqual([]);
    expect(run.records[0]!.endedBy).toBe("turn-limit");
    expect(stub.requests("caller-stub")).toHaveLength(3);
    expect(stub.requests("assistant-stub")).toHaveLength(3);
  });

  it("fails a scenario with a clear message when the endpoint errs or does not answer, and goes on with the next", async () => {
    const failing =
      (status: number | undefined, delayMs?: number) =>
      (b: Body): Reply => {
        // The caller ID is in the system prompt (as the country writes it): the first scenario's model fails, the second's books.
        if ((b.messages[0]!.content ?? "").includes("(202) 555-0101")) return { status, delayMs, content: "late" };
        return booker("2027-06-09")(b);
      };
    const second = {
      ...scenario("en-book-tomorrow-at-10"),
      id: "en-book-tomorrow-again",
      calls: [{ ...scenario("en-book-tomorrow-at-10").calls[0]!, from: "+12025550191" }],
    };

    stub.reset(failing(500), johnCarter);
    const seen: string[] = [];
    const results = await runModelSuite([scenario("en-book-tomorrow-at-10"), second], ep, (r) => seen.push(r.scenario.id));
    expect(seen).toEqual(["en-book-tomorrow-at-10", "en-book-tomorrow-again"]);
    expect(results[0]!.verdict.pass).toBe(false);
    expect(results[0]!.verdict.failures[0]).toMatch(/^call 1: assistant model: HTTP 500 from the endpoint: .*model overloaded/);
    expect(results[1]!.verdict.failures, transcriptOf(results[1]!.records)).toEqual([]);
    // The failed call was still ended in the log.
    const [row] = await getDb()
      .select()
      .from(calls)
      .where(and(eq(calls.providerCallId, results[0]!.records[0]!.callId)));
    expect(row!.status).toBe("ended");

    stub.reset(failing(undefined, 1_500), johnCarter);
    const [late] = await runModelSuite([scenario("en-book-tomorrow-at-10")], { ...ep, timeoutMs: 300 });
    expect(late!.verdict.failures[0]).toBe("call 1: assistant model: no answer from the endpoint within 300 ms");
  });

  it("passes function tools through as they are and leaves out platform tools it cannot play", () => {
    const fn = {
      type: "function",
      function: {
        name: "check_availability",
        description: "Free times.",
        parameters: { type: "object", properties: { date: { type: "string" } }, required: [] },
      },
      messages: [{ type: "request-start", content: "One moment." }],
    };
    const { tools, platform, skipped } = chatTools([fn, { type: "endCall" }, { type: "dtmf" }]);
    expect(tools[0]).toEqual({ type: "function", function: fn.function });
    expect(tools[1]!.function.name).toBe("endCall");
    expect(platform.get("endCall")).toEqual({ kind: "end" });
    expect(skipped).toEqual(["dtmf"]);
  });
});
