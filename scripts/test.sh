#!/usr/bin/env bash
# Every test: the type check, the dependency rules of lib/ (scripts/check-deps.ts), the schema against the migrations
# (scripts/check-schema.ts), ESLint, Prettier, the suite on the embedded PGlite, then the integration and conversation
# suites again on Postgres when TEST_DATABASE_URL is set, then the end-to-end suite (Playwright, Debian's Chromium)
# against the production build.
# Two cores, used both: the type check and ESLint run side by side (each is one thread), and the production build the
# end-to-end suite needs is made while the unit and integration suites run (they take one core; files take turns).
# Prints each stage's wall time, and ends with one "N passed, N failed" line over all runs.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
status=0
started=$SECONDS
stage_name=""
stage_started=$SECONDS
timings=()

# Starts a stage: prints its name and closes the previous one's clock.
stage() {
  if [ -n "$stage_name" ]; then timings+=("$(printf '%5d s  %s' $((SECONDS - stage_started)) "$stage_name")"); fi
  stage_name="$1"
  stage_started=$SECONDS
  [ -n "$1" ] && echo "== $1"
}

# Counted as one test each in the final line, so a broken rule shows there as well as in the exit status.
count() { # name, exit code
  if [ "$2" -eq 0 ]; then echo '{"numPassedTests":1,"numFailedTests":0}' > "$results/$1.json"
  else echo '{"numPassedTests":0,"numFailedTests":1}' > "$results/$1.json"; status=1; fi
}

stage "Type check and lint (side by side), dependency rules, schema and migrations, format"
# ESLint (eslint.config.mjs), without a cache so CI sees every file. Both print when done, one after the other.
npx tsc --noEmit > "$results/tsc.log" 2>&1 &
tsc_pid=$!
npx eslint . > "$results/eslint.log" 2>&1 &
eslint_pid=$!
# scripts/check-deps.ts: the areas of lib/ and what each may import.
npx tsx scripts/check-deps.ts; count dependency-rules $?
# The schema in db/schema against the committed migrations (scripts/check-schema.ts).
npx tsx scripts/check-schema.ts; count schema $?
# Prettier (.prettierrc.json) over the code. `npm run format` rewrites what it flags.
npm run --silent format:check; count format $?
wait $tsc_pid; tsc_status=$?
echo "-- Type check"; cat "$results/tsc.log"; rm -f "$results/tsc.log"
[ $tsc_status -eq 0 ] || status=1
wait $eslint_pid; eslint_status=$?
echo "-- Lint"; cat "$results/eslint.log"; rm -f "$results/eslint.log"
count lint $eslint_status

# The production build, in the background while the suites below run: the end-to-end stage waits for it (and its
# server start finds it fresh). Nothing the suites do touches what it reads or writes.
build_log="$results/build.log.txt"
NEXT_TELEMETRY_DISABLED=1 npx next build > "$build_log" 2>&1 &
build_pid=$!

stage "Tests on PGlite (embedded default), the production build beside them"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/pglite.json" || status=1

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  stage "Integration and conversation tests on PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed -E 's#//[^@]*@#//#'))"
  TEST_DB=postgres npx vitest run tests/integration tests/conversations --reporter=default --reporter=json --outputFile.json="$results/postgres.json" || status=1
else
  echo "== TEST_DATABASE_URL is not set: skipping the PostgreSQL run"
fi

# The end-to-end suite needs Debian's Chromium (never `npx playwright install`: no downloads here).
chromium=/usr/bin/chromium
if [ ! -x "$chromium" ]; then
  stage "$chromium is missing: installing Debian's chromium"
  if [ "$(id -u)" -eq 0 ]; then sudo=""; elif command -v sudo >/dev/null 2>&1; then sudo="sudo"; else sudo="-"; fi
  if [ "$sudo" != "-" ] && command -v apt-get >/dev/null 2>&1; then
    $sudo apt-get update && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y chromium
  fi
fi
stage "The production build (finishing)"
if wait $build_pid; then
  tail -n 3 "$build_log"
else
  # The end-to-end stage builds again and fails there with its own output; this is the first attempt's.
  echo "The production build failed:"; tail -n 40 "$build_log"
fi
rm -f "$build_log"
if [ -x "$chromium" ]; then
  stage "End-to-end tests (Playwright, production build)"
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
stage ""
echo
echo "Stage times (wall clock):"
for t in "${timings[@]}"; do echo "  $t"; done
printf '  %5d s  %s\n' $((SECONDS - started)) "total"
rm -rf "$results"
exit $status
