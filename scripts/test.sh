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
# Each runner (jest, Playwright) appends its slowest files here; they are printed after the step times.
SLOWEST_FILES_LOG="$(mktemp)"
export SLOWEST_FILES_LOG
print_step_times() {
  local status=$?
  end_step
  printf '\n=== Slowest test files of each runner ===\n'
  cat "$SLOWEST_FILES_LOG"
  rm -f "$SLOWEST_FILES_LOG"
  printf '\n=== Step times (%s) ===\n' "$([ $status -eq 0 ] && echo passed || echo "failed, exit $status")"
  printf '%-78s %6s %6s\n' "step" "wall" "busy"
  printf '%s\n' "${steps[@]}"
  printf '%-78s %6s %6s\n' "Total (npm test)" "$(mmss $SECONDS)" "$(busy_percent_since "$run_busy_started" "$run_total_started")"
}
trap print_step_times EXIT

step "Dependencies and the pinned Node 24 (installed when missing)"
source "$(dirname "$0")/ensure-node.sh"
cd "$root"

postgres_answers() {
  (exec 3<>/dev/tcp/127.0.0.1/5432) 2>/dev/null
}

step "Test tools from Debian (Chromium, its headless shell, Java; installed when missing)"
bash scripts/ensure-test-tools.sh

step "Build"
npm run build

# Some steps run other commands beside them: ones whose work leaves a core free much of the time, or that keep one
# core busy while the step keeps the other. Their output is printed once all are done, and the step fails if any
# failed.
beside_labels=()
beside_logs=()
beside_pids=()
start_beside() {
  local log
  log="$(mktemp)"
  beside_labels+=("$1")
  shift
  "$@" >"$log" 2>&1 &
  beside_logs+=("$log")
  beside_pids+=($!)
}
# Runs the step's own command, then waits for the ones beside it. Args: the step's command.
run_with_beside() {
  local status=0 failed=0 index beside_status
  "$@" || status=$?
  for index in "${!beside_pids[@]}"; do
    beside_status=0
    wait "${beside_pids[$index]}" || beside_status=$?
    printf '\n--- %s (ran beside the step above) ---\n' "${beside_labels[$index]}"
    cat "${beside_logs[$index]}"
    rm -f "${beside_logs[$index]}"
    if [ "$beside_status" -ne 0 ]; then
      echo "Error: ${beside_labels[$index]} failed (above)" >&2
      failed=1
    fi
  done
  beside_labels=()
  beside_logs=()
  beside_pids=()
  [ "$status" -eq 0 ] && [ "$failed" -eq 0 ]
}

# The production-shape test waits on its servers' starts much of its time, and uses none of what lint reads.
step "Lint (ESLint, zero warnings; Prettier; knip; import circles), the typecheck and the production shape (nginx in front of two instances on PostgreSQL and Redis) beside it"
start_beside "Typecheck" npm run typecheck
start_beside "Production shape: nginx in front of two instances on PostgreSQL and Redis" npm run test:stack
run_with_beside npm run lint

if postgres_answers; then
  # The PostgreSQL pass spends most of its time waiting for the server's answers (run alone, it left the machine
  # 60 % idle), so it runs beside the PGlite pass, which keeps the cores busy. It runs on one worker and the longer
  # PGlite pass on three: the step took 265 s so, against 310 s on two workers each and 277 s on four and one (one
  # sitting, 2026-11-30). test:full's PostgreSQL pass runs every suite, on two.
  postgres_workers=$([ "${TEST_FULL:-}" = 1 ] && echo 2 || echo 1)
  step "Backend tests on PGlite, and on PostgreSQL (127.0.0.1:5432) beside them: $([ "${TEST_FULL:-}" = 1 ] && echo 'every suite that uses the database' || echo 'the suites marked as engine-dependent')"
  start_beside "Backend tests on PostgreSQL" env TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" \
    npm run test:postgres -w @brightwave/backend -- --maxWorkers="$postgres_workers"
  # POSTGRES_PASS_BESIDE: a block that depends on no engine but costs many times more on PGlite then runs on
  # PostgreSQL alone (describeOnOneEngine, backend/test/support/engine-blocks.ts).
  run_with_beside env POSTGRES_PASS_BESIDE=1 npm test -w @brightwave/backend
else
  step "Backend tests on PGlite (no PostgreSQL on 127.0.0.1:5432: on PGlite only)"
  npm test -w @brightwave/backend
fi

# The fault scenarios wait on their servers and outages most of their time (their requests allow 15 s each).
# (The browser suites' idle quarter is not theirs to take: run beside them, even at a lower priority, the three made
# the browser step 40 s longer, no shorter than running after it, and two browser tests missed their 7 s.)
step "Site and admin unit tests side by side, and the faults under load beside them (PostgreSQL and Redis stopped, an instance killed, the uploads folder full)"
start_beside "Site unit tests" npm test -w @brightwave/site
start_beside "Faults under load" npm run test:faults
run_with_beside npm test -w @brightwave/admin

step "Browser tests (Playwright + Chromium)"
npm test -w @brightwave/e2e

end_step
echo
echo "All suites passed"
