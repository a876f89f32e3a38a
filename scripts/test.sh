#!/usr/bin/env bash
# npm test: every test of the project, in the order a failure is cheapest to find.
#   1. type check            tsc --noEmit
#   2. lint                   Biome (format, lint, import order) and dependency-cruiser's layering rules (npm run lint)
#   3. build                  npm run build: the client and the compiled server (tests serve and start them)
#   4. tap on PGlite          server and shared code, real HTTP through fastify.inject
#   5. tap on PostgreSQL 15   the same suite against a real server (scripts/test-postgres.sh)
#   6. Playwright             the production build in Debian's Chromium
# Coverage and its floors are `npm run coverage`, not a lane: measuring it makes the suite several times slower
# (docs/decisions/057-ci-time.md).
#
# Ends with one line per lane, each with its own figures (never added across lanes: the two tap lanes run the
# same suite), then the verdict line CI reads, alone on the last line:
#   type check (21 s): passed
#   tap (PGlite): 72 files, 1,234 subtests, 5,678 assertions: 5,678 passed, 0 failed
#   Playwright (Chromium): 178 passed, 0 failed, 2 flaky, 0 skipped
#   6 passed, 0 failed
# The last line counts LANES (the six steps above), not assertions or tests: "6 passed, 0 failed" means all
# six steps passed. A lane passes when its command exits 0 (tap: no failed assertion, no crashed file;
# Playwright: no test failed on its last try — a flaky test, failed first and passed on a retry, passes the lane
# and is reported as flaky). The exit status is non-zero when any lane failed.
set -uo pipefail
cd "$(dirname "$0")/.."
logdir=$(mktemp -d)
trap 'rm -rf "$logdir"' EXIT
lanes_passed=0
lanes_failed=0
failures=()
summary=()
details=() # the failed tests' names, printed again above the summary

step() {
  printf '\n==== %s\n' "$1"
  step_started=$SECONDS
}
# lane NAME STATUS [DETAIL]: records one lane's verdict (STATUS is its exit code) and its summary line.
lane() {
  local name=$1 status=$2 detail=${3:-}
  name+=" ($((SECONDS - step_started)) s)"
  if [ "$status" -eq 0 ]; then
    lanes_passed=$((lanes_passed + 1))
    summary+=("${name}: ${detail:-passed}")
  else
    lanes_failed=$((lanes_failed + 1))
    failures+=("$name")
    summary+=("${name}: ${detail:+$detail — }FAILED (exit ${status})")
  fi
}

# 12345 → 12,345
thousands() { sed -E ':a; s/([0-9])([0-9]{3})($|[^0-9])/\1,\2\3/; ta' <<<"$1"; }

# One tap lane's figures from its raw TAP log (tap writes TAP when its output is not a terminal; -R tap makes
# sure). Assertions are tap's own count, its last line "# { total: 120, pass: 118, fail: 2 }": every test point
# that is not a subtest (t.ok, t.equal, t.same …; a failed plan or timeout is one too). Files are the top-level
# subtests, subtests the `t.test` blocks inside them; neither is in the assertion count.
tap_figures() {
  local log=$1 line total pass fail todo skip structure files files_failed subtests
  line=$(grep -E '^# \{ total:' "$log" | tail -n 1)
  if [ -z "$line" ]; then
    echo "no summary (the runner failed before it finished)"
    return
  fi
  total=$(sed -nE 's/.*total: ([0-9]+).*/\1/p' <<<"$line")
  pass=$(sed -nE 's/.*pass: ([0-9]+).*/\1/p' <<<"$line")
  fail=$(sed -nE 's/.*fail: ([0-9]+).*/\1/p' <<<"$line")
  todo=$(sed -nE 's/.*todo: ([0-9]+).*/\1/p' <<<"$line")
  skip=$(sed -nE 's/.*skip: ([0-9]+).*/\1/p' <<<"$line")
  # A test point right after a "# Subtest: …" header at the same indentation closes that subtest.
  structure=$(awk '
    /^ *---$/ { yaml = 1; next }
    yaml { if ($0 ~ /^ *\.\.\.$/) yaml = 0; next }
    /^ *# Subtest: / { match($0, /^ */); open[RLENGTH] = 1; next }
    /^ *(not )?ok [0-9]+/ {
      match($0, /^ */); indent = RLENGTH
      if (!open[indent]) next
      open[indent] = 0
      if (indent == 0) { files++; if ($0 ~ /^not ok/) files_failed++ } else subtests++
    }
    END { printf "%d %d %d\n", files, files_failed, subtests }' "$log")
  read -r files files_failed subtests <<<"$structure"
  local out
  out="$(thousands "$files") files"
  [ "$files_failed" -eq 0 ] || out+=" ($files_failed failed)"
  out+=", $(thousands "$subtests") subtests, $(thousands "${total:-0}") assertions: $(thousands "${pass:-0}") passed, $(thousands "${fail:-0}") failed"
  [ -z "$todo" ] || out+=", $(thousands "$todo") todo"
  [ -z "$skip" ] || out+=", $(thousands "$skip") skipped"
  echo "$out"
}

# The failed test points of a tap log, one per line with their nesting (file › subtest › assertion), at most 12:
# CI keeps only the tail of the output, so the names must be printed again beside the summary.
tap_failures() {
  awk '
    /^ *---$/ { yaml = 1; next }
    yaml { if ($0 ~ /^ *\.\.\.$/) yaml = 0; next }
    /^ *# Subtest: / { match($0, /^ */); d = RLENGTH / 4; name[d] = substr($0, RLENGTH + 12); failed[d + 1] = 0; next }
    /^ *not ok [0-9]+/ {
      match($0, /^ */); d = RLENGTH / 4
      # A subtest whose own assertions failed closes with "not ok" too: its assertions were printed already.
      if (failed[d + 1]) { failed[d + 1] = 0; next }
      for (k = 1; k <= d; k++) failed[k] = 1
      path = ""
      for (k = 0; k < d; k++) path = path name[k] " › "
      line = $0; sub(/^ *not ok [0-9]+ - /, "", line); sub(/ # time=.*/, "", line)
      if (shown < 12) print "  " path line
      shown++
    }
    END { if (shown > 12) printf "  … and %d more\n", shown - 12 }' "$1"
}

# The Playwright lane's figures from its JSON report (stats: expected = passed on the first try, flaky = failed
# first and passed on a retry, unexpected = failed on every try, skipped).
playwright_figures() {
  node -e '
    const fs = require("node:fs");
    let report;
    try { report = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { console.log("no report (the runner failed before it wrote one)"); process.exit(); }
    const s = report.stats ?? {};
    const n = (x) => (x ?? 0).toLocaleString("en-US");
    let line = `${n(s.expected)} passed, ${n(s.unexpected)} failed, ${n(s.flaky)} flaky, ${n(s.skipped)} skipped`;
    if (report.errors?.length) line += `, ${n(report.errors.length)} errors outside tests`;
    console.log(line);
  ' "$1"
}

step "type check"
npx tsc --noEmit -p .
lane "type check" $?

step "lint"
npm run --silent lint
lane "lint" $?

step "build"
npm run build --silent -- --logLevel warn
lane "build" $?

step "tap (PGlite)"
npx tap --reporter=tap 2>&1 | tee "$logdir/tap.log"
status=${PIPESTATUS[0]}
lane "tap (PGlite)" "$status" "$(tap_figures "$logdir/tap.log")"
[ "$status" -eq 0 ] || details+=("failed in tap (PGlite):" "$(tap_failures "$logdir/tap.log")")

step "tap (PostgreSQL 15)"
bash scripts/test-postgres.sh --reporter=tap 2>&1 | tee "$logdir/tap-pg.log"
status=${PIPESTATUS[0]}
lane "tap (PostgreSQL 15)" "$status" "$(tap_figures "$logdir/tap-pg.log")"
[ "$status" -eq 0 ] || details+=("failed in tap (PostgreSQL 15):" "$(tap_failures "$logdir/tap-pg.log")")

step "Playwright (Chromium)"
# The list reporter for the log, the JSON reporter for the figures (written to a file, not to the log).
PLAYWRIGHT_JSON_OUTPUT_FILE="$logdir/e2e.json" npx playwright test --reporter=list,json 2>&1 | tee "$logdir/e2e.log"
status=${PIPESTATUS[0]}
lane "Playwright (Chromium)" "$status" "$(playwright_figures "$logdir/e2e.json")"

echo
[ ${#details[@]} -eq 0 ] || printf '%s\n' "${details[@]}"
printf '%s\n' "${summary[@]}"
if [ ${#failures[@]} -gt 0 ]; then echo "failed lanes: ${failures[*]}"; fi
# The CI verdict line: lanes (steps) passed and failed, as described at the top.
echo "${lanes_passed} passed, ${lanes_failed} failed"
[ ${#failures[@]} -eq 0 ]
