#!/usr/bin/env bash
# The distributed-mode tests start redis-server processes of their own (a free loopback port
# and a unix socket, nothing on disk): install Debian's redis-server binary when it is missing.
# The shared Redis on 127.0.0.1:6379 is never used by the tests.
set -euo pipefail
if command -v redis-server >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "redis-server is missing: install Debian's 'redis-server' package for the distributed tests" >&2
  exit 0
fi
echo "installing Debian's redis-server for the distributed tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
