#!/usr/bin/env bash
# Starts a throwaway PostgreSQL server (Debian's package) in the directory given as $1, on a free
# loopback port, and prints its URL. Stop it with: pg_ctl -D "$1" stop (as user postgres when root).
set -euo pipefail
data="$1"
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >&2
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
mkdir -p "$data"
run() { if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$data"; su postgres -s /bin/bash -c "$*"; else bash -c "$*"; fi; }
run "$bin/initdb -D $data -U postgres --auth=trust -E UTF8 --locale=C.UTF-8" >&2
# A port is picked free, then given to the server: another process may take it between the two (the test
# suites start servers side by side). A start that fails tries again on another port; the log says why.
for attempt in 1 2 3; do
  port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
  if run "$bin/pg_ctl -D $data -o '-p $port -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=300 -c fsync=off' -l $data/log -w start" >&2; then
    echo "postgres://postgres@127.0.0.1:$port/postgres"
    exit 0
  fi
  echo "PostgreSQL did not start on port $port (attempt $attempt); its log:" >&2
  tail -n 20 "$data/log" >&2 || true
done
exit 1
