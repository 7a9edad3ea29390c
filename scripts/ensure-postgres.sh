#!/usr/bin/env bash
# The PostgreSQL tests need the server on 127.0.0.1:5432. Development machines and CI start it
# before a session; start it here when it is installed but stopped.
set -euo pipefail
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v pg_ctlcluster >/dev/null 2>&1; then
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n 1)" main start || true
  for _ in $(seq 1 50); do
    pg_isready -q -h 127.0.0.1 -p 5432 && exit 0
    sleep 0.2
  done
fi
echo "PostgreSQL is not reachable on 127.0.0.1:5432: the postgres-marked tests will fail" >&2
