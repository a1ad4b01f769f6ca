// `npm run bench:web`: the production app on a throwaway embedded database, measured offline.
//   1. Lighthouse 12 (default mobile config) on /, /fr, /es and /login: scores, LCP/TBT/CLS, what fails and why.
//   2. First-load JS of / and of the dashboard (/dashboard/profile, signed in as a new owner): every script the page
//      requests until load + network idle, gzipped here (node:zlib, default level) so the number does not depend on the
//      server's compression.
// Each page is measured BENCH_RUNS times (default 3) and the run with the median performance score is reported, as
// Lighthouse recommends: on a busy 2-core machine one run can swing by ±5 points.
// A benchmark, not a test: missed targets are reported and exit 0; only a crash exits non-zero.
import path from "node:path";
import zlib from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { chromium } from "playwright-core";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ROOT, startFreshApp } from "@/tests/e2e/support/server";
import { firstLoadJs as buildFirstLoadJs } from "./first-load-js";

const PAGES = ["/", "/fr", "/es", "/login"];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
const TARGETS = { performance: 95, accessibility: 100, seo: 100, firstLoadJsKb: 137, dashboardJsKb: 200 };
const DASHBOARD = "/dashboard/profile";
const UNSCORED = new Set(["informative", "manual", "notApplicable"]);

type Audit = Result["audits"][string];
type PageResult = { path: string; lhr: Result; perfRange: [number, number] };
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS) || 3);

async function main() {
  const started = Date.now();
  console.log("Starting the production app on a fresh data folder (builds first when .next is stale)…");
  const app = await startFreshApp();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    console.log(`App ready at ${app.baseURL} after ${seconds(started)} s\n`);
    // Warm-up: the first request of each page primes the server's caches, so Lighthouse measures steady state.
    for (const p of PAGES) for (let i = 0; i < 2; i++) await (await fetch(app.baseURL + p)).arrayBuffer();

    const results: PageResult[] = [];
    // The first Lighthouse run of a session pays for a cold browser and cold caches: one discarded run on / first.
    const runs = new Map<string, Result[]>();
    for (const p of ["warm-up", ...PAGES.flatMap((page) => Array<string>(RUNS).fill(page))]) {
      const t = Date.now();
      process.stdout.write(p === "warm-up" ? "Lighthouse / (warm-up, discarded) … " : `Lighthouse ${p} … `);
      // A fresh browser (and profile) per page: next-intl's locale cookie from /es would otherwise send /login to /es/login.
      chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: [...CHROMIUM_FLAGS.filter((f) => f !== "--headless"), "--headless=new"],
        logLevel: "silent",
      });
      const run = await lighthouse(app.baseURL + (p === "warm-up" ? "/" : p), {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
      });
      if (!run) throw new Error(`Lighthouse returned no result for ${p}`);
      chrome.kill();
      chrome = undefined;
      if (p !== "warm-up") runs.set(p, [...(runs.get(p) ?? []), run.lhr]);
      console.log(`${seconds(t)} s${run.lhr.runtimeError ? ` (runtime error: ${run.lhr.runtimeError.code})` : ""}`);
    }
    for (const [path, lhrs] of runs) {
      const sorted = [...lhrs].sort((a, b) => (score(a, "performance") ?? 0) - (score(b, "performance") ?? 0));
      const perf = sorted.map((l) => score(l, "performance") ?? 0);
      results.push({ path, lhr: sorted[Math.floor(sorted.length / 2)]!, perfRange: [perf[0]!, perf.at(-1)!] });
    }

    printScores(results);
    for (const r of results) printFindings(r);

    const js = await firstLoadJs(app.baseURL, "/");
    printFirstLoadJs("/", js);
    const dashboard = await firstLoadJs(app.baseURL, DASHBOARD, await ownerSessionCookie(app.baseURL));
    printFirstLoadJs(DASHBOARD, dashboard);
    printBuildFirstLoadJs();
    printTargets(results, js.totalGzip, dashboard.totalGzip);
    console.log(`\nDone in ${seconds(started)} s.`);
  } finally {
    chrome?.kill();
    await app.stop();
  }
}

/** The same figure for every page, as the build's manifests give it (what the end-to-end suite holds to the budgets). */
function printBuildFirstLoadJs() {
  const pages = buildFirstLoadJs(path.join(ROOT, ".next"));
  console.log("\n== First-load JS of every page, from the build's manifests (gzipped; tests/e2e/js-budgets.spec.ts)");
  table(
    ["Page", "KB", "Budget"],
    pages.map((p) => {
      const budget =
        p.route === "/[locale]/(marketing)/page"
          ? TARGETS.firstLoadJsKb
          : p.route.startsWith("/[locale]/dashboard/")
            ? TARGETS.dashboardJsKb
            : null;
      return [p.route, p.kb.toFixed(1), budget === null ? "-" : `${budget}${p.kb > budget ? " (over)" : ""}`];
    }),
  );
}

// ---------- Lighthouse ----------

function score(lhr: Result, cat: string): number | null {
  const s = lhr.categories[cat]?.score;
  return typeof s === "number" ? Math.round(s * 100) : null;
}

function numeric(lhr: Result, id: string): number | undefined {
  return lhr.audits[id]?.numericValue;
}

function printScores(results: PageResult[]) {
  const rows = results.map(({ path, lhr, perfRange }) => {
    const lcp = numeric(lhr, "largest-contentful-paint");
    const tbt = numeric(lhr, "total-blocking-time");
    const cls = numeric(lhr, "cumulative-layout-shift");
    return [
      path,
      ...CATEGORIES.map((c) => fmtScore(score(lhr, c))),
      lcp === undefined ? "-" : String(Math.round(lcp)),
      tbt === undefined ? "-" : String(Math.round(tbt)),
      cls === undefined ? "-" : cls.toFixed(3),
      `${perfRange[0]}–${perfRange[1]}`,
    ];
  });
  console.log(`\n== Lighthouse (mobile, simulated throttling; median of ${RUNS} run${RUNS > 1 ? "s" : ""} per page)`);
  table(["URL", "Perf", "A11y", "Best practices", "SEO", "LCP ms", "TBT ms", "CLS", "Perf range"], rows);
  for (const { path, lhr } of results) {
    if (lhr.runtimeError) console.log(`  ${path}: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const w of lhr.runWarnings ?? []) console.log(`  ${path}: warning: ${w}`);
  }
}

function printFindings({ path, lhr }: PageResult) {
  if (lhr.runtimeError) {
    console.log(`\n== To fix on ${path}: the page did not load (${lhr.runtimeError.code}), no audit ran`);
    return;
  }
  const lines: string[] = [];
  for (const cat of ["accessibility", "seo", "best-practices"]) {
    const failing = (lhr.categories[cat]?.auditRefs ?? [])
      .map((ref) => lhr.audits[ref.id])
      .filter((a): a is Audit => !!a && !UNSCORED.has(a.scoreDisplayMode) && (a.scoreDisplayMode === "error" || (a.score ?? 1) < 1));
    if (!failing.length) continue;
    lines.push(`  ${cat}:`);
    for (const a of failing) {
      const what = a.scoreDisplayMode === "error" ? `audit error: ${a.errorMessage ?? "unknown"}` : (a.displayValue ?? "");
      lines.push(`    - ${a.id}: ${a.title}${what ? ` (${what})` : ""}`);
      if (a.explanation) lines.push(`        ${a.explanation}`);
      for (const item of itemsOf(a).slice(0, 5)) lines.push(`        ${item}`);
    }
  }
  const perf = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== "metrics" && ref.group !== "hidden")
    .map((ref) => lhr.audits[ref.id])
    .filter((a): a is Audit => !!a && !UNSCORED.has(a.scoreDisplayMode) && a.scoreDisplayMode !== "error" && (a.score ?? 1) < 1)
    .map((a) => ({ a, ms: savingsMs(a), bytes: savingsBytes(a) }))
    .sort((x, y) => y.ms - x.ms || y.bytes - x.bytes)
    .slice(0, 6);
  if (perf.length) {
    lines.push("  performance (top opportunities and diagnostics):");
    for (const { a, ms, bytes } of perf) {
      const gain = [ms ? `~${Math.round(ms)} ms` : "", bytes ? `~${Math.round(bytes / 1024)} KiB` : ""].filter(Boolean).join(", ");
      lines.push(`    - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ""}${gain ? ` [saves ${gain}]` : ""}`);
    }
  }
  console.log(`\n== To fix on ${path}${lines.length ? "" : ": nothing failing"}`);
  lines.forEach((l) => console.log(l));
}

function savingsMs(a: Audit): number {
  const d = a.details as { overallSavingsMs?: number } | undefined;
  if (d?.overallSavingsMs) return d.overallSavingsMs;
  const m = a.metricSavings ?? {};
  return Math.max(m.LCP ?? 0, m.FCP ?? 0, m.TBT ?? 0, m.INP ?? 0); // CLS savings are unitless: not ms
}

function savingsBytes(a: Audit): number {
  return (a.details as { overallSavingsBytes?: number } | undefined)?.overallSavingsBytes ?? 0;
}

/** A few offending elements or resources of an audit, as text. */
function itemsOf(a: Audit): string[] {
  const items = (a.details as { items?: unknown[] } | undefined)?.items ?? [];
  return items.map((raw) => {
    const item = raw as Record<string, unknown>;
    const node = item.node as { selector?: string; snippet?: string } | undefined;
    if (node?.selector) return `${node.selector}  ${(node.snippet ?? "").slice(0, 100)}`;
    const src = item.source as { url?: string; type?: string; value?: string } | undefined;
    const text = [item.url, item.description, item.source && (src?.url ?? src?.value), item.message]
      .filter((v): v is string => typeof v === "string" && v.length > 0)
      .join("  ");
    return text ? text.slice(0, 160) : JSON.stringify(item).slice(0, 160);
  });
}

// ---------- First-load JS ----------

type JsFile = { url: string; raw: number; gzip: number };

/** Registers a throwaway owner and returns their session cookie ("name=value"), to measure a signed-in page. */
async function ownerSessionCookie(baseURL: string): Promise<{ name: string; value: string }> {
  const res = await fetch(`${baseURL}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `bench-${Date.now()}@bench.test`, password: "bench-password-1", fullName: "Bench Owner" }),
  });
  if (res.status !== 201) throw new Error(`registering the bench owner answered ${res.status}`);
  const [pair] = (res.headers.get("set-cookie") ?? "").split(";");
  const eq = pair?.indexOf("=") ?? -1;
  if (!pair || eq < 1) throw new Error("registration set no session cookie");
  return { name: pair.slice(0, eq), value: pair.slice(eq + 1) };
}

async function firstLoadJs(
  baseURL: string,
  path: string,
  cookie?: { name: string; value: string },
): Promise<{ files: JsFile[]; totalGzip: number; totalRaw: number; inlineGzip: number }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  try {
    const context = await browser.newContext();
    if (cookie) await context.addCookies([{ ...cookie, url: baseURL }]);
    const page = await context.newPage();
    const url = baseURL + path;
    const scripts = new Set<string>();
    const pending = new Set<string>();
    page.on("request", (req) => {
      pending.add(req.url());
      if (req.resourceType() === "script") scripts.add(req.url());
    });
    page.on("requestfinished", (req) => pending.delete(req.url()));
    page.on("requestfailed", (req) => pending.delete(req.url()));
    await page.goto(url, { waitUntil: "load", timeout: 60_000 });
    if (new URL(page.url()).pathname !== path) throw new Error(`${path} redirected to ${page.url()}`);
    try {
      await page.waitForLoadState("networkidle", { timeout: 30_000 });
    } catch {
      // Scripts requested so far still count; say what kept the network busy.
      console.log(`\n  warning: ${path} never reached network idle (30 s); still pending: ${[...pending].join(", ") || "none"}`);
    }
    const inline = await page.evaluate(() =>
      Array.from(document.querySelectorAll("script:not([src])"))
        .map((s) => s.textContent ?? "")
        .join("\n"),
    );
    const files: JsFile[] = [];
    for (const u of scripts) {
      const res = await fetch(u); // undici decodes any Content-Encoding: these are the raw bytes
      if (!res.ok) throw new Error(`${u} answered ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      files.push({ url: u, raw: body.length, gzip: zlib.gzipSync(body).length });
    }
    files.sort((a, b) => b.gzip - a.gzip);
    return {
      files,
      totalGzip: files.reduce((s, f) => s + f.gzip, 0),
      totalRaw: files.reduce((s, f) => s + f.raw, 0),
      inlineGzip: inline ? zlib.gzipSync(inline).length : 0,
    };
  } finally {
    await browser.close();
  }
}

function printFirstLoadJs(path: string, js: Awaited<ReturnType<typeof firstLoadJs>>) {
  console.log(`\n== First-load JS of ${path} (${js.files.length} script files, until load + network idle)`);
  table(
    ["File", "KB gzip", "KB raw"],
    [...js.files.map((f) => [new URL(f.url).pathname, kb(f.gzip), kb(f.raw)]), ["TOTAL", kb(js.totalGzip), kb(js.totalRaw)]],
  );
  console.log(`  (inline <script> content in the HTML, not counted above: ${kb(js.inlineGzip)} KB gzipped)`);
}

function printTargets(results: PageResult[], jsGzip: number, dashboardGzip: number) {
  console.log("\n== Targets");
  const line = (label: string, ok: boolean, detail: string) => console.log(`  [${ok ? "met   " : "MISSED"}] ${label}: ${detail}`);
  for (const [cat, target, exact] of [
    ["performance", TARGETS.performance, false],
    ["accessibility", TARGETS.accessibility, true],
    ["seo", TARGETS.seo, true],
  ] as const) {
    const scores = results.map((r) => ({ path: r.path, s: score(r.lhr, cat) }));
    const ok = scores.every((x) => x.s !== null && x.s >= target);
    line(`${cat} ${exact ? "=" : "≥"} ${target}`, ok, scores.map((x) => `${x.path} ${fmtScore(x.s)}`).join(", "));
  }
  line(`first-load JS of / ≤ ${TARGETS.firstLoadJsKb} KB gzipped`, jsGzip / 1024 <= TARGETS.firstLoadJsKb, `${kb(jsGzip)} KB`);
  line(
    `first-load JS of ${DASHBOARD} ≤ ${TARGETS.dashboardJsKb} KB gzipped`,
    dashboardGzip / 1024 <= TARGETS.dashboardJsKb,
    `${kb(dashboardGzip)} KB`,
  );
}

// ---------- formatting ----------

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const seconds = (since: number) => Math.round((Date.now() - since) / 1000);
const fmtScore = (s: number | null) => (s === null ? "n/a" : String(s));

function table(header: string[], rows: string[][]) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const fmt = (r: string[]) => "  " + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ");
  console.log(fmt(header));
  console.log("  " + widths.map((w) => "-".repeat(w)).join("  "));
  rows.forEach((r) => console.log(fmt(r)));
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(`\nbench:web crashed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
    process.exit(1);
  },
);
