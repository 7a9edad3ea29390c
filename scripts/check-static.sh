#!/usr/bin/env bash
# Check that the committed front end is fresh: static/src/api-types.d.ts matches
# docs/openapi.json, the JSDoc types check, and static/dist is exactly what static/src builds.
#
#     bash scripts/check-static.sh
#
# Needs Node and the npm registry (or a warm npm cache); installs static/node_modules with npm ci.
set -euo pipefail

cd "$(dirname "$0")/../static"

fail() {
  echo "check-static: $1" >&2
  echo "check-static: to fix it: $2" >&2
  exit 1
}

command -v npm >/dev/null || fail "npm is not installed" "install Node 20 or later (Debian: apt-get install nodejs npm)"

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

quietly() {  # run a command, showing its output only if it fails
  "$@" >"$tmp/log" 2>&1 || { cat "$tmp/log" >&2; return 1; }
}

quietly npm ci --no-audit --no-fund || fail "npm ci failed (output above)" "if static/package.json changed, run \`cd static && npm install\` and commit static/package-lock.json"

# The same command as `npm run types`, written to a temporary file.
quietly node_modules/.bin/openapi-typescript ../docs/openapi.json --output "$tmp/api-types.d.ts" ||
  fail "openapi-typescript could not read docs/openapi.json (output above)" "run \`make contracts\`"
diff -u src/api-types.d.ts "$tmp/api-types.d.ts" >&2 ||
  fail "static/src/api-types.d.ts does not match docs/openapi.json" "run \`cd static && npm run types\` and commit static/src/api-types.d.ts"

npm run --silent check ||
  fail "the JSDoc types in static/src do not check (tsc output above)" "fix those errors; \`cd static && npm run check\` re-runs tsc"

quietly npm run --silent build -- --outdir "$tmp/dist" ||
  fail "the build failed (esbuild output above)" "fix it; \`cd static && npm run build\` re-runs esbuild"
diff -r --brief dist "$tmp/dist" >&2 ||
  fail "static/dist is not what static/src builds (files above differ)" "run \`make assets\` and commit static/dist"

echo "check-static: static/dist and static/src/api-types.d.ts are up to date"
