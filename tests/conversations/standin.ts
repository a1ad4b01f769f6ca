// Driver A: the deterministic stand-in (lib/receptionist/simulator/simulator.ts) plays the platform and the assistant, the
// scenario's script plays the caller. Calls of one scenario go turn by turn at the same time (two callers on one slot).
// It reads the tool results as a model that follows its instructions does ("data": the times and ids given apart), or
// as a small model that repeats what it hears ("words": it books the day and time the spoken words name), the literal
// driver: every scenario passes both ways.
import { callerSays, endCall, startCall, type SimState } from "@/lib/receptionist/simulator/simulator";
import type { Reading } from "@/lib/receptionist/simulator/state";
import {
  CLOCK,
  judge,
  newCallRecord,
  preparePractice,
  drainMessages,
  withCode,
  recordingTransport,
  summarize,
  type CallRecord,
  type RunResult,
} from "./harness";
import type { Scenario } from "./types";

export async function runStandIn(sc: Scenario, reading: Reading = "data"): Promise<RunResult> {
  const practice = await preparePractice(sc);
  const records: CallRecord[] = sc.calls.map((_, i) => newCallRecord(sc, i));
  const transports = records.map((r) => recordingTransport(r));
  const states: SimState[] = [];
  const ended: boolean[] = [];

  await Promise.all(
    records.map(async (r, i) => {
      const first = await startCall(transports[i]!, {
        line: practice.line,
        caller: r.from,
        callId: r.callId,
        now: CLOCK,
        reading,
        unanswered: practice.unanswered,
      });
      r.events.push({ kind: "assistant", text: first.reply });
      states[i] = first.state;
      ended[i] = first.ended;
    }),
  );
  const longest = Math.max(...sc.calls.map((c) => c.script.length));
  for (let turn = 0; turn < longest; turn++) {
    await Promise.all(
      records.map(async (r, i) => {
        const line = sc.calls[i]!.script[turn];
        if (ended[i] || line === undefined) return;
        const text = await withCode(line, sc.calls[i]!.holds);
        r.events.push({ kind: "caller", text });
        const tried = states[i]!.transfers.length;
        const reply = await callerSays(transports[i]!, states[i]!, text, CLOCK);
        // Tool events were recorded while the stand-in worked out its answer: they come before what it says, and so do
        // the transfers it tried.
        for (const x of reply.state.transfers.slice(tried)) r.events.push({ kind: "transfer", ...x });
        r.events.push({ kind: "assistant", text: reply.reply });
        states[i] = reply.state;
        ended[i] = reply.ended;
        if (reply.ended) r.endedBy = reply.state.transcript.length ? "assistant" : "platform";
      }),
    );
  }
  // A script that stops before the assistant ends the call: the caller hangs up.
  await Promise.all(
    records.map(async (r, i) => {
      if (ended[i]) return;
      await endCall(transports[i]!, states[i]!, CLOCK, "customer-ended-call");
      r.endedBy = "caller";
    }),
  );
  await drainMessages();
  return summarize(sc, "standin", records, await judge(sc, practice, records, "standin"));
}
