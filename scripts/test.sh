#!/usr/bin/env bash
# Every test: the type check, the suite on the embedded PGlite, then the integration suite again on Postgres when
# TEST_DATABASE_URL is set. Ends with one "N passed, N failed" line over all runs.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mktemp -d)
status=0

echo "== Type check"
npx tsc --noEmit || status=1

echo "== Tests on PGlite (embedded default)"
npx vitest run --reporter=default --reporter=json --outputFile.json="$results/pglite.json" || status=1

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== Integration tests on PostgreSQL ($(echo "$TEST_DATABASE_URL" | sed -E 's#//[^@]*@#//#'))"
  TEST_DB=postgres npx vitest run tests/integration --reporter=default --reporter=json --outputFile.json="$results/postgres.json" || status=1
else
  echo "== TEST_DATABASE_URL is not set: skipping the PostgreSQL run"
fi

node -e '
  const fs = require("fs"); let passed = 0, failed = 0;
  for (const f of fs.readdirSync(process.argv[1])) {
    const r = JSON.parse(fs.readFileSync(process.argv[1] + "/" + f, "utf8"));
    passed += r.numPassedTests; failed += r.numFailedTests + (r.numRuntimeErrors ?? 0);
  }
  console.log(`\n${passed} passed, ${failed} failed`);
' "$results"
rm -rf "$results"
exit $status
