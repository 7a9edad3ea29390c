#!/usr/bin/env bash
# Install Debian's chromium for the browser tests when it is missing (Playwright drives it
# through executable_path; browser downloads are not used).
set -euo pipefail
if command -v chromium >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" != "0" ] || ! command -v apt-get >/dev/null 2>&1; then
  echo "chromium is missing: install Debian's 'chromium' package to run the browser tests" >&2
  exit 0
fi
echo "installing Debian's chromium for the browser tests..."
apt-get update -qq
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu-core >/dev/null
