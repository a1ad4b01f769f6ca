// `npm run bench:tenants [-- --codes 60 --tests 20]` (TEST_DB=postgres TEST_DATABASE_URL=… for PostgreSQL): one practice
// stalls what it can while another books. Practice A floods test events to a slow receiver of its own (it answers after
// 12 s, past the 10 s timeout) from four endpoints, and pumps its booking page with codes; meanwhile practice B books by
// phone (its webhook fires) and asks for a code by phone and on its page. Printed: how long B's codes took to reach the
// outbox and B's webhook its receiver, quiet (A idle) and under A's flood, and their ratio. The real job workers run, in
// this process, on a fresh database (tests/setup). A benchmark, not a test: it asserts nothing.
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const result = spawnSync("npx", ["vitest", "run", "--config", "scripts/bench-tenants.config.mts", "--reporter", "dot"], {
  stdio: "inherit",
  env: { ...process.env, BENCH_TENANTS_ARGS: JSON.stringify(args) },
});
process.exit(result.status ?? 1);
