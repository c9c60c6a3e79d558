#!/usr/bin/env bash
# `npm test`: installs what is missing (dependencies, Debian's Chromium), builds, typechecks and lints, then runs
# every suite:
# backend (jest, on PGlite and, where one answers on 127.0.0.1:5432, on PostgreSQL), site and admin unit
# tests (jest), the browser suites (Playwright driving Chromium against the built product) and the production
# shape (nginx, two instances, PostgreSQL, Redis) and its faults under load.
set -euo pipefail
source "$(dirname "$0")/ensure-node.sh"
cd "$root"

# Each step says when it starts (minutes:seconds since npm test began): CI must stay under 30 minutes.
step() { printf '\n=== %s (at %d:%02d) ===\n' "$*" $((SECONDS / 60)) $((SECONDS % 60)); }

# Installs the Debian packages whose command is missing, in one apt-get run. Args: command-path package ...
ensure_apt_packages() {
  local missing=()
  while [ $# -gt 0 ]; do
    [ -x "$1" ] || missing+=("$2")
    shift 2
  done
  [ ${#missing[@]} -eq 0 ] && return
  step "Installing ${missing[*]} from Debian"
  if [ "$(id -u)" != 0 ]; then echo "Error: ${missing[*]} missing and installing needs root (apt-get install ${missing[*]})" >&2; exit 1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
}

postgres_answers() {
  (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
}

# The browser suites drive Chromium's headless shell (what Playwright itself runs headless: a page loads in about
# half the time of the full browser's headless mode); bench:site's Lighthouse and the admin size script use the
# full browser.
ensure_apt_packages /usr/bin/chromium chromium /usr/bin/chromium-headless-shell chromium-headless-shell

step "Build"
npm run build

step "Typecheck"
npm run typecheck

step "Lint (ESLint, zero warnings; knip: no unused files, exports or dependencies)"
npm run lint

step "Backend tests on PGlite"
npm test -w @brightwave/backend

if postgres_answers; then
  step "Backend tests on PostgreSQL (127.0.0.1:5432): the suites that use the database"
  TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" npm run test:postgres -w @brightwave/backend
else
  step "No PostgreSQL on 127.0.0.1:5432: the backend suite ran on PGlite only"
fi

step "Site unit tests"
npm test -w @brightwave/site

step "Admin unit tests"
npm test -w @brightwave/admin

step "Browser tests (Playwright + Chromium)"
npm test -w @brightwave/e2e

step "Production shape: nginx in front of two instances on PostgreSQL and Redis"
npm run test:stack

step "Faults under load: PostgreSQL and Redis stopped, an instance killed, the uploads folder full"
npm run test:faults

step "All suites passed"
