#!/usr/bin/env bash
# npm test: every test of the project, in the order a failure is cheapest to find.
#   1. type check            tsc --noEmit
#   2. lint                   Biome (format, lint, import order) and dependency-cruiser's layering rules (npm run lint)
#   3. build                  npm run build: the client and the compiled server (tests serve and start them)
#   4. tap on PGlite          server and shared code, real HTTP through fastify.inject; with coverage
#   5. coverage               the PGlite lane's coverage against its floors (scripts/check-coverage.ts)
#   6. tap on PostgreSQL 15   the same suite against a real server (scripts/test-postgres.sh), no coverage
#   7. Playwright             the production build in Debian's Chromium
# Ends with one line "N passed, N failed" (tap counts assertions, Playwright counts tests).
set -uo pipefail
cd "$(dirname "$0")/.."
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT
passed=0
failed=0
failures=()

step() { printf '\n==== %s\n' "$1"; }
note_failure() { failures+=("$1"); }

# tap prints a last line like "# { total: 120, pass: 118, fail: 2 }".
count_tap() {
  local line total pass fail
  line=$(grep -E '^# \{ total:' "$1" | tail -n 1)
  total=$(sed -E 's/.*total: ([0-9]+).*/\1/' <<<"$line")
  pass=$(sed -nE 's/.*pass: ([0-9]+).*/\1/p' <<<"$line")
  fail=$(sed -nE 's/.*fail: ([0-9]+).*/\1/p' <<<"$line")
  passed=$((passed + ${pass:-0}))
  failed=$((failed + ${fail:-0}))
  [ -n "$line" ] || failed=$((failed + 1)) # no summary at all: the runner itself failed
  : "${total:=0}"
}

step "type check"
if npx tsc --noEmit -p .; then passed=$((passed + 1)); else failed=$((failed + 1)); note_failure "type check"; fi

step "lint"
if npm run --silent lint; then passed=$((passed + 1)); else failed=$((failed + 1)); note_failure "lint"; fi

step "build"
if npm run build --silent -- --logLevel warn; then passed=$((passed + 1)); else failed=$((failed + 1)); note_failure "build"; fi

step "tap (PGlite)"
rm -f .tap/report/coverage-summary.json # a stale summary must not pass the check below
npx tap --no-disable-coverage --coverage-report=text-summary --coverage-report=json-summary 2>&1 | tee "$logdir/tap.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || note_failure "tap (PGlite)"
count_tap "$logdir/tap.log"

step "coverage (PGlite lane)"
if node --import tsx scripts/check-coverage.ts; then passed=$((passed + 1)); else failed=$((failed + 1)); note_failure "coverage"; fi

step "tap (PostgreSQL 15)"
bash scripts/test-postgres.sh 2>&1 | tee "$logdir/tap-pg.log"
[ "${PIPESTATUS[0]}" -eq 0 ] || note_failure "tap (PostgreSQL)"
count_tap "$logdir/tap-pg.log"

step "Playwright (Chromium)"
npx playwright test 2>&1 | tee "$logdir/e2e.log"
e2e_status=${PIPESTATUS[0]}
[ "$e2e_status" -eq 0 ] || note_failure "Playwright"
e2e_pass=$(grep -oE '^ +[0-9]+ passed' "$logdir/e2e.log" | tail -n 1 | grep -oE '[0-9]+')
e2e_fail=$(grep -oE '^ +[0-9]+ failed' "$logdir/e2e.log" | tail -n 1 | grep -oE '[0-9]+')
passed=$((passed + ${e2e_pass:-0}))
failed=$((failed + ${e2e_fail:-0}))
if [ "$e2e_status" -ne 0 ] && [ -z "${e2e_fail:-}" ]; then failed=$((failed + 1)); fi

echo
if [ ${#failures[@]} -gt 0 ]; then echo "failed steps: ${failures[*]}"; fi
echo "${passed} passed, ${failed} failed"
[ ${#failures[@]} -eq 0 ]
