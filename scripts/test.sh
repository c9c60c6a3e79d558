#!/usr/bin/env bash
# `npm test`: installs what is missing (dependencies, Debian's Chromium), builds, typechecks and lints, then runs
# every suite:
# backend (jest, on PGlite and, where one answers on 127.0.0.1:5432, on PostgreSQL), site and admin unit
# tests (jest), the browser suites (Playwright driving Chromium against the built product) and the production
# shape (nginx, two instances, PostgreSQL, Redis) and its faults under load.
set -euo pipefail

# Each step says when it starts (minutes:seconds since npm test began), and a table of every step's time is printed
# at the end, also when a step fails: its wall time, and how busy the machine's cores were meanwhile (from
# /proc/stat; near 100 % means only less work makes the step faster, well below means it waits).
steps=()
step_started=0
step_name=""
mmss() { printf '%d:%02d' $(($1 / 60)) $(($1 % 60)); }
# Sets cpu_busy and cpu_total: the machine's busy and total CPU ticks since boot (all cores).
read_cpu_ticks() {
  local _label user nice system idle iowait irq softirq steal _rest
  [ -r /proc/stat ] || return 0
  read -r _label user nice system idle iowait irq softirq steal _rest </proc/stat
  cpu_busy=$((user + nice + system + irq + softirq + steal))
  cpu_total=$((cpu_busy + idle + iowait))
}
cpu_busy=0
cpu_total=0
step_busy_started=0
step_total_started=0
busy_percent_since() {
  read_cpu_ticks
  local total=$((cpu_total - $2))
  [ "$total" -gt 0 ] && printf '%d %%' $((100 * (cpu_busy - $1) / total)) || printf '–'
}
end_step() {
  if [ -n "$step_name" ]; then
    steps+=("$(printf '%-78s %6s %6s' "$step_name" "$(mmss $((SECONDS - step_started)))" "$(busy_percent_since "$step_busy_started" "$step_total_started")")")
  fi
  step_name=""
}
step() {
  end_step
  step_name="$*"
  step_started=$SECONDS
  read_cpu_ticks
  step_busy_started=$cpu_busy
  step_total_started=$cpu_total
  printf '\n=== %s (at %s) ===\n' "$*" "$(mmss $SECONDS)"
}
read_cpu_ticks
run_busy_started=$cpu_busy
run_total_started=$cpu_total
print_step_times() {
  local status=$?
  end_step
  printf '\n=== Step times (%s) ===\n' "$([ $status -eq 0 ] && echo passed || echo "failed, exit $status")"
  printf '%-78s %6s %6s\n' "step" "wall" "busy"
  printf '%s\n' "${steps[@]}"
  printf '%-78s %6s %6s\n' "Total (npm test)" "$(mmss $SECONDS)" "$(busy_percent_since "$run_busy_started" "$run_total_started")"
}
trap print_step_times EXIT

step "Dependencies and the pinned Node 24 (installed when missing)"
source "$(dirname "$0")/ensure-node.sh"
cd "$root"

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
# full browser. The markup test runs the Nu Html Checker (vnu.jar, from npm), which needs a Java runtime.
ensure_apt_packages /usr/bin/chromium chromium /usr/bin/chromium-headless-shell chromium-headless-shell /usr/bin/java default-jre-headless

step "Build"
npm run build

# Some steps run a second command beside them: one whose work leaves a core free most of the time, or that keeps
# one core busy while the step keeps the other. Its output is printed once both are done, and the step fails if
# either failed.
beside_label=""
beside_log=""
beside_pid=""
start_beside() {
  beside_label="$1"
  shift
  beside_log="$(mktemp)"
  "$@" >"$beside_log" 2>&1 &
  beside_pid=$!
}
# Runs the step's own command, then waits for the one beside it. Args: the step's command.
run_with_beside() {
  local status=0 beside_status=0
  "$@" || status=$?
  wait "$beside_pid" || beside_status=$?
  printf '\n--- %s (ran beside the step above) ---\n' "$beside_label"
  cat "$beside_log"
  rm -f "$beside_log"
  if [ "$beside_status" -ne 0 ]; then echo "Error: $beside_label failed (above)" >&2; fi
  [ "$status" -eq 0 ] && [ "$beside_status" -eq 0 ]
}

step "Lint (ESLint, zero warnings; Prettier; knip: no unused files, exports or dependencies), and the typecheck beside it"
start_beside "Typecheck" npm run typecheck
run_with_beside npm run lint

if postgres_answers; then
  # The PostgreSQL pass spends most of its time waiting for the server's answers (run alone, it left the machine
  # 60 % idle), so it runs beside the PGlite pass, which keeps the cores busy.
  step "Backend tests on PGlite, and on PostgreSQL (127.0.0.1:5432) beside them: the suites that use the database"
  start_beside "Backend tests on PostgreSQL" env TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" \
    npm run test:postgres -w @brightwave/backend
  run_with_beside npm test -w @brightwave/backend
else
  step "Backend tests on PGlite (no PostgreSQL on 127.0.0.1:5432: on PGlite only)"
  npm test -w @brightwave/backend
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

end_step
echo
echo "All suites passed"
