#!/usr/bin/env bash
# Start time (spawn → /readyz 200) and idle RSS (after 5 s) of the server run through tsx from the sources and
# compiled from dist/ (needs `npm run build`), 3 runs each, on an in-memory database. Loopback only.
set -uo pipefail
cd "$(dirname "$0")/.."
node=node_modules/.bin/node
[ -x "$node" ] || node=node
measure() {
  local label=$1
  shift
  for i in 1 2 3; do
    local port=$((4100 + RANDOM % 500))
    local t0 t1 rss
    t0=$(date +%s.%N)
    PORT=$port HOST=127.0.0.1 DATA_DIR=memory NODE_ENV=production LOG_LEVEL=warn "$@" >/dev/null 2>&1 &
    local pid=$!
    until curl -sf "127.0.0.1:$port/readyz" >/dev/null 2>&1; do sleep 0.05; done
    t1=$(date +%s.%N)
    sleep 5
    rss=$(awk '/VmRSS/{print $2}' "/proc/$pid/status")
    printf '%s run %d: start %.2f s, idle RSS %d MiB\n' "$label" "$i" "$(echo "$t1 - $t0" | bc)" $((rss / 1024))
    kill "$pid"
    wait "$pid" 2>/dev/null
  done
}
measure tsx "$node" --import tsx server/main.ts
measure compiled "$node" dist/server/main.js
