#!/usr/bin/env bash
# Every check of the project, in the order a failure is cheapest to find:
# lint → types → server (SQLite, and PostgreSQL when reachable) → web → build → end-to-end.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = "0" ]; then
    echo "Debian's chromium is missing: installing it (apt-get update && apt-get install -y chromium)"
    apt-get update && apt-get install -y chromium
  else
    echo "Debian's chromium is missing. Install it with: sudo apt-get update && sudo apt-get install -y chromium" >&2
    exit 1
  fi
fi

mkdir -p .e2e/results
echo "== lint"; npm run --silent lint
echo "== typecheck"; npm run --silent typecheck
echo "== server tests"; npx vitest run --root apps/server --reporter=default --reporter=json --outputFile=../../.e2e/results/server.json
echo "== web tests"; npx vitest run --root apps/web --reporter=default --reporter=json --outputFile=../../.e2e/results/web.json
echo "== build"; npm run --silent build
echo "== end-to-end"; npm run --silent test:e2e
node scripts/summary.mjs
