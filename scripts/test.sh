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

# Screenshots of Japanese pages (e2e/i18n*.e2e.ts) need a CJK font to be read by a person; without
# one Chromium draws boxes (the layout checks still hold). Installed when missing and root.
if command -v fc-list >/dev/null 2>&1 && [ -z "$(fc-list :lang=ja 2>/dev/null)" ] && [ "$(id -u)" = "0" ]; then
  echo "No Japanese font: installing fonts-noto-cjk (apt-get install -y fonts-noto-cjk)"
  apt-get install -y fonts-noto-cjk || { apt-get update && apt-get install -y fonts-noto-cjk; } || echo "fonts-noto-cjk could not be installed: Japanese screenshots will show boxes" >&2
fi

# The cluster test (apps/server/test/cluster.test.ts) runs Debian's nginx with deploy/nginx.conf,
# which needs the brotli_static module. Without them it is skipped, or fails when REQUIRE_POSTGRES=1.
if { ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; } || ! grep -qs brotli_static /etc/nginx/modules-enabled/*.conf; then
  if [ "$(id -u)" = "0" ]; then
    echo "Debian's nginx (with brotli_static) is missing: installing it (apt-get install -y nginx libnginx-mod-http-brotli-static)"
    # apt may also start the system's nginx on port 80; the test runs its own on a free port.
    apt-get install -y nginx libnginx-mod-http-brotli-static || { apt-get update && apt-get install -y nginx libnginx-mod-http-brotli-static; }
  else
    echo "Debian's nginx is missing, so the cluster test will not run. Install it with: sudo apt-get install -y nginx libnginx-mod-http-brotli-static" >&2
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
