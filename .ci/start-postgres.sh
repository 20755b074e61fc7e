#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server (Debian's package) on 127.0.0.1:${PGPORT:-55432} and prints its URL.
set -euo pipefail
port="${PGPORT:-55432}"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
if [ -z "$bin" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
data=$(mktemp -d /tmp/village-pg.XXXXXX)
chown postgres:postgres "$data"
run() { if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
run "$bin/initdb -D $data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >&2
run "$bin/pg_ctl -D $data -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l $data/log -w start" >&2
echo "postgres://postgres@127.0.0.1:$port/postgres"
