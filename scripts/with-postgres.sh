#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster built from the machine's PostgreSQL binaries,
# exported to the command as TEST_DATABASE_URL; the cluster is stopped and removed afterwards.
#   bash scripts/with-postgres.sh npm run test:api
set -euo pipefail

PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ]; then
  echo "with-postgres: PostgreSQL server binaries not found (set PG_BIN)" >&2
  exit 1
fi

work=$(mktemp -d /tmp/aula-pg.XXXXXX)
port=${PG_PORT:-$(( 20000 + RANDOM % 20000 ))}
run_as=()
if [ "$(id -u)" = "0" ]; then
  # initdb refuses to run as root: the cluster belongs to the postgres user.
  chown postgres "$work"
  run_as=(runuser -u postgres --)
fi

cleanup() {
  "${run_as[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT

"${run_as[@]}" "$PG_BIN/initdb" -D "$work/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
# No autovacuum on a throwaway cluster: its ANALYZE commits move pg_current_snapshot() under a test that counts
# on nothing else committing (server/http/snapshot-memo.test.ts), and it only costs CPU here.
"${run_as[@]}" "$PG_BIN/pg_ctl" -D "$work/data" -l "$work/server.log" -w \
  -o "-p $port -k $work -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300 -c autovacuum=off" \
  start >/dev/null

echo "with-postgres: PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on port $port"
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
