#!/usr/bin/env bash
# The tap suite against a real PostgreSQL server: starts a throwaway cluster on a free loopback port,
# runs `tap` with TEST_DATABASE_URL, and stops the cluster on every exit path. Also exports PG_TEST_BIN (the
# server binaries) and, when run as root, PG_TEST_RUNAS=postgres, for the fault tests' own clusters.
set -euo pipefail
cd "$(dirname "$0")/.."

# PostgreSQL 15 (the version these machines and CI install); another installed version only when 15 is absent.
bin=/usr/lib/postgresql/15/bin
[ -x "$bin/initdb" ] || bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
  echo "PostgreSQL server binaries not found (apt-get install postgresql-15)" >&2
  exit 1
fi

dir=$(mktemp -d)
port=${PG_TEST_PORT:-$((55000 + RANDOM % 1000))}
as_pg=()
if [ "$(id -u)" -eq 0 ]; then
  # PostgreSQL refuses to run as root.
  chown -R postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
cleanup() {
  "${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT INT TERM

"${as_pg[@]}" mkdir -p "$dir/data" "$dir/sock"
"${as_pg[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${as_pg[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/sock/pg.log" -w \
  -o "-p $port -k $dir/sock -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200" start >/dev/null
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

# The fault lane (test/faults) starts clusters of its own from the same binaries, as the same user.
export PG_TEST_BIN="$bin"
if [ ${#as_pg[@]} -gt 0 ]; then export PG_TEST_RUNAS=postgres; fi
TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres" npx tap "$@"
