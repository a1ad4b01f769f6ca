#!/usr/bin/env bash
# Every test: the type check, the dependency rules of lib/ (scripts/check-deps.ts), the schema against the migrations
# (scripts/check-schema.ts), ESLint, Prettier, the suite on the embedded PGlite, then the integration and conversation
# suites again on Postgres when TEST_DATABASE_URL is set, then the end-to-end suite (Playwright, Debian's Chromium)
# against the production build.
# Ends with one "N passed, N failed" line over all runs.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
status=0

echo "== Type check"
npx tsc --noEmit || status=1

# Counted as one test in the final line, so a broken rule shows there as well as in the exit status.
echo "== Dependency rules"
if npx tsx scripts/check-deps.ts; then
  echo '{"numPassedTests":1,"numFailedTests":0}' > "$results/dependency-rules.json"
else
  echo '{"numPassedTests":0,"numFailedTests":1}' > "$results/dependency-rules.json"
  status=1
fi

# The schema in db/schema against the committed migrations (scripts/check-schema.ts); one test in the final line.
echo "== Schema and migrations"
if npx tsx scripts/check-schema.ts; then
  echo '{"numPassedTests":1,"numFailedTests":0}' > "$results/schema.json"
else
  echo '{"numPassedTests":0,"numFailedTests":1}' > "$results/schema.json"
  status=1
fi

# ESLint (eslint.config.mjs), without a cache so CI sees every file; one test in the final line, like the rules above.
echo "== Lint"
if npx eslint .; then
  echo '{"numPassedTests":1,"numFailedTests":0}' > "$results/lint.json"
else
  echo '{"numPassedTests":0,"numFailedTests":1}' > "$results/lint.json"
  status=1
fi

# Prettier (.prettierrc.json) over the code; one test in the final line. `npm run format` rewrites what it flags.
echo "== Format"
if npm run --silent format:check; then
  echo '{"numPassedTests":1,"numFailedTests":0}' > "$results/format.json"
else
  echo '{"numPassedTests":0,"numFailedTests":1}' > "$results/format.json"
  status=1
fi

echo "== Tests on PGlite (embedded default)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/pglite.json" || status=1

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== Integration and conversation tests on PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed -E 's#//[^@]*@#//#'))"
  TEST_DB=postgres npx vitest run tests/integration tests/conversations --reporter=default --reporter=json --outputFile.json="$results/postgres.json" || status=1
else
  echo "== TEST_DATABASE_URL is not set: skipping the PostgreSQL run"
fi

# The end-to-end suite needs Debian's Chromium (never `npx playwright install`: no downloads here).
chromium=/usr/bin/chromium
if [ ! -x "$chromium" ]; then
  echo "== $chromium is missing: installing Debian's chromium"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else sudo="-"; fi
  if [ "$sudo" != "-" ] && command -v apt-get >/dev/null 2>&1; then
    $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
  fi
fi
if [ -x "$chromium" ]; then
  echo "== End-to-end tests (Playwright, production build)"
  PLAYWRIGHT_JSON_OUTPUT_FILE="$results/e2e.playwright.json" npx playwright test || status=1
  if [ ! -s "$results/e2e.playwright.json" ]; then
    echo "The end-to-end run wrote no report: counted as one failure."
    echo '{"stats":{"expected":0,"unexpected":0,"flaky":0},"errors":[{"message":"no report"}]}' > "$results/e2e.playwright.json"
    status=1
  fi
else
  echo "== End-to-end tests: FAILED, $chromium is missing and could not be installed" >&2
  echo "   Install it as root (apt-get update && apt-get install -y chromium) and run again." >&2
  echo '{"stats":{"expected":0,"unexpected":0,"flaky":0},"errors":[{"message":"chromium missing"}]}' > "$results/e2e.playwright.json"
  status=1
fi

node -e '
  const fs = require("fs"); let passed = 0, failed = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
    if (f.endsWith(".playwright.json")) {
      // Playwright: a flaky test (passed only on retry) counts as failed; so does an error outside any test.
      passed += r.stats.expected; failed += r.stats.unexpected + r.stats.flaky + (r.errors?.length ?? 0);
    } else {
      passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrors ?? 0);
    }
  }
  console.log(`\n${passed} passed, ${failed} failed`);
' "$results"
rm -rf "$results"
exit $status
