// `npm run eval:calls [-- --scenario en-book,fr-annuler --lang fr,es --max-turns 16 --timeout 60000 --verbose]`
// The conversation suite (tests/conversations) with a real language model as the assistant and a second prompt as the
// caller, over any OpenAI-compatible chat-completions endpoint with tool calling. Runs in-process on a fresh in-memory
// embedded database with every provider in sandbox mode (no server, nothing leaves the machine but the model calls),
// then prints scenario × pass/fail, turns, tool calls, tool latency (p50/max) and the pass rate.
//
//   LLM_BASE_URL      e.g. http://localhost:8080/v1 (llama-server --jinja), http://localhost:11434/v1 (Ollama)
//   LLM_API_KEY       sent as a Bearer token when set
//   LLM_MODEL         the model that plays the receptionist
//   LLM_CALLER_MODEL  the model that plays the caller (default: LLM_MODEL)
//   LLM_TIMEOUT_MS    per request (default 60000)
//
// Other options: --driver standin (the deterministic stand-in instead of a model: no LLM_* needed), --driver literal (the
// stand-in reading only the spoken words of each tool result and booking what it heard), --list, --json FILE,
// --min-pass-rate 0.8 (exit 1 below it).
//
// This is tooling, not the app: it reads its own LLM_* variables here rather than through lib/platform/env.ts (the app's only
// reader of process.env), which has no business knowing them; and it sets the app's variables for its throwaway
// database before loading any app module.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import nextEnv from "@next/env";

const argv = process.argv.slice(2);
const arg = (name: string): string | undefined => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const flag = (name: string) => argv.includes(`--${name}`);
const csv = (v: string | undefined) =>
  v
    ? v
        .split(",")
        .map((x) => x.trim())
        .filter(Boolean)
    : [];

function fail(message: string): never {
  console.error(`eval:calls: ${message}`);
  process.exit(2);
}

async function main() {
  // LLM_* may live in .env like the app's settings; the app's own settings are replaced below for the throwaway run.
  nextEnv.loadEnvConfig(process.cwd(), false, { info: () => {}, error: console.error });
  const driver = arg("driver") ?? "llm";
  if (driver !== "llm" && driver !== "standin" && driver !== "literal") fail(`--driver is "llm", "standin" or "literal", not "${driver}"`);
  const { scenarios } = await import("@/tests/conversations/scenarios");
  const wanted = csv(arg("scenario"));
  const langs = csv(arg("lang"));
  const picked = scenarios.filter(
    (s) => (!wanted.length || wanted.some((w) => s.id === w || s.id.includes(w))) && (!langs.length || langs.includes(s.language)),
  );
  if (flag("list")) {
    for (const s of picked) console.log(`${s.id.padEnd(40)} ${s.language}  ${s.title}`);
    return;
  }
  if (!picked.length) fail("no scenario matches --scenario/--lang (see --list)");

  const ep = {
    baseUrl: process.env.LLM_BASE_URL ?? "",
    apiKey: process.env.LLM_API_KEY || undefined,
    model: process.env.LLM_MODEL ?? "",
    callerModel: process.env.LLM_CALLER_MODEL || undefined,
    timeoutMs: Number(arg("timeout") ?? process.env.LLM_TIMEOUT_MS ?? 60_000) || 60_000,
    maxTurns: Number(arg("max-turns") ?? 16) || 16,
  };
  if (driver === "llm" && (!ep.baseUrl || !ep.model)) {
    fail(
      'set LLM_BASE_URL (e.g. http://localhost:8080/v1) and LLM_MODEL; LLM_API_KEY and LLM_CALLER_MODEL are optional. See docs/receptionist.md, "Testing conversations with a model".',
    );
  }

  // A throwaway in-memory database and the sandbox for every provider, as the test setup does.
  const { startEmbeddedDb } = await import("@/lib/server/embedded-db");
  const { runMigrations } = await import("@/db/migrate");
  const db = await startEmbeddedDb({ maxConnections: 4 });
  // Set before anything reads the environment (lib/platform/env.ts reads it once).
  Object.assign(process.env, {
    DATABASE_URL: db.url,
    DATABASE_POOL_MAX: "1",
    AUTH_SECRET: randomBytes(32).toString("hex"),
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    VAPI_WEBHOOK_SECRET: randomBytes(16).toString("hex"),
    STRIPE_WEBHOOK_SECRET: `whsec_${randomBytes(16).toString("hex")}`,
    APP_URL: "http://localhost:3000",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "silent",
  });
  for (const name of ["GOOGLE_CLIENT_ID", "GOOGLE_CLIENT_SECRET", "TELNYX_API_KEY", "VAPI_API_KEY", "STRIPE_SECRET_KEY", "SMTP_URL"])
    delete process.env[name];
  await runMigrations(db.url);

  const { transcriptOf } = await import("@/tests/conversations/harness");
  const { runModelSuite } = await import("@/tests/conversations/llm");
  const { runStandIn } = await import("@/tests/conversations/standin");
  type Result = Awaited<ReturnType<typeof runStandIn>>;

  const ms = (x: number | undefined) => (x === undefined ? "-" : `${Math.round(x)} ms`);
  const header = `${"scenario".padEnd(42)} ${"lang".padEnd(4)} ${"result".padEnd(6)} ${"turns".padStart(5)} ${"tools".padStart(5)} ${"tool p50".padStart(9)} ${"tool max".padStart(9)}  why`;
  const row = (r: Result) =>
    `${r.scenario.id.padEnd(42)} ${r.scenario.language.padEnd(4)} ${(r.verdict.pass ? "pass" : "FAIL").padEnd(6)} ${String(r.turns).padStart(5)} ${String(r.toolCalls).padStart(5)} ${ms(r.toolMs?.p50).padStart(9)} ${ms(r.toolMs?.max).padStart(9)}  ${r.verdict.failures[0] ?? ""}`;
  const show = (r: Result) => {
    console.log(row(r));
    if (flag("verbose") || (!r.verdict.pass && flag("verbose-failures"))) {
      console.log(`${r.verdict.failures.map((f) => `    ✗ ${f}`).join("\n")}\n${transcriptOf(r.records)}\n`);
    }
  };

  console.log(
    driver === "llm"
      ? `Model ${ep.model}${ep.callerModel ? ` (caller: ${ep.callerModel})` : ""} at ${ep.baseUrl}, ${picked.length} scenarios\n`
      : `The stand-in${driver === "literal" ? ", reading only the words," : ""} ${picked.length} scenarios\n`,
  );
  console.log(header);
  let results: Result[] = [];
  try {
    if (driver === "llm") results = await runModelSuite(picked, ep, show);
    else {
      for (const s of picked) {
        let r: Result;
        try {
          r = await runStandIn(s, driver === "literal" ? "words" : "data");
        } catch (e) {
          r = {
            scenario: s,
            driver: "standin",
            records: [],
            verdict: { pass: false, failures: [`driver: ${(e as Error).message}`] },
            turns: 0,
            toolCalls: 0,
            toolMs: null,
          };
        }
        results.push(r);
        show(r);
      }
    }
  } finally {
    const { closeDb } = await import("@/db/client");
    await closeDb().catch(() => undefined);
    await db.stop().catch(() => undefined);
  }

  const passed = results.filter((r) => r.verdict.pass).length;
  const rate = passed / results.length;
  console.log(`\nPass rate: ${passed}/${results.length} (${(rate * 100).toFixed(1)}%)`);
  const byLang = ["en", "fr", "es"]
    .map((l) => [l, results.filter((r) => r.scenario.language === l)] as const)
    .filter(([, rs]) => rs.length);
  console.log(byLang.map(([l, rs]) => `${l} ${rs.filter((r) => r.verdict.pass).length}/${rs.length}`).join(", "));
  const json = arg("json");
  if (json) {
    const out = results.map((r) => ({
      id: r.scenario.id,
      language: r.scenario.language,
      pass: r.verdict.pass,
      failures: r.verdict.failures,
      turns: r.turns,
      toolCalls: r.toolCalls,
      toolMs: r.toolMs,
      transcript: transcriptOf(r.records),
    }));
    fs.writeFileSync(json, JSON.stringify({ driver, model: ep.model, passRate: rate, results: out }, null, 2));
  }
  const min = arg("min-pass-rate");
  process.exit(min !== undefined && rate < Number(min) ? 1 : 0);
}

main().catch((e: Error) => {
  console.error(`eval:calls failed: ${e.stack ?? e.message}`);
  process.exit(1);
});
