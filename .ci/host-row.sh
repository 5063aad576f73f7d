#!/usr/bin/env bash
# CI step for one real host's row (issues 6 and 14): installs the host's pinned version into
# .hosts/ and runs the conformance suite against it, judged by the committed baseline
# reports/<host>-expected-failures.json (a new failure fails, and so does a stale entry: a
# listed check that now passes). When the host cannot be installed (no registry, unsupported
# platform) the step is skipped with a message and exits 0: a host is never a dependency.
#
#   .ci/host-row.sh codex                    # the whole row; report in test-results/codex/
#   .ci/host-row.sh codex --shard 1/2        # extra arguments go to `mcp-host-conformance run`
#   .ci/host-row.sh codex --update-baseline  # rerun, then rewrite the baseline from the report
#
# Last line: `<host>-row: ok|failed|skipped ...`. The run has a hard deadline
# (HOST_ROW_DEADLINE_S, default 900 s); .ci/rows lists the rows CI runs and their times.
set -uo pipefail
cd "$(dirname "$0")/.."

host="${1:-}"
if [ -z "$host" ] || [[ "$host" == -* ]]; then
  echo "usage: .ci/host-row.sh <host> [--update-baseline] [run options]" >&2
  exit 2
fi
shift
baseline="reports/${host}-expected-failures.json"
out="test-results/${host}"
deadline="${HOST_ROW_DEADLINE_S:-900}"
update=0
args=()
for a in "$@"; do
  if [ "$a" = "--update-baseline" ]; then update=1; else args+=("$a"); fi
done
say() { echo "${host}-row: $*"; }

if ! npm run --silent hosts:install -- "$host"; then
  say "skipped (the host could not be installed: see the message above; the row needs the npm registry)"
  exit 0
fi

# Build when the sources changed since dist/ was built; a build with type errors is refused
# (scripts/build.mjs exits non-zero and leaves dist/ as it was), with tsc's errors shown.
if ! build_log="$(node scripts/build.mjs --if-changed 2>&1)"; then
  printf '%s\n' "$build_log" | tail -n 40
  say "failed (the build failed, type errors or a bundle step: its output is above)"
  exit 1
fi
if [ "$update" = 0 ] && [ ! -f "$baseline" ]; then
  say "failed (no baseline $baseline: write one with .ci/host-row.sh $host --update-baseline)"
  exit 1
fi

started=$(date +%s)
run=(node bin/mcp-host-conformance.js run --host "$host" --out "$out" "${args[@]}")
[ "$update" = 1 ] || run+=(--expected-failures "$baseline")
log="$(mktemp)"
timeout --kill-after=15 "$deadline" "${run[@]}" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

# A real host on a busy 2-core machine: a scenario with an unexpected failure runs once more,
# alone, and only a failure that comes back counts. Stale entries are never rerun.
flaky=""
if [ "$update" = 0 ] && [ "$rc" = 1 ] && ! grep -q '^stale expected failure' "$log"; then
  mapfile -t again < <(sed -nE 's#^unexpected failure: ([^/]+)/.*#\1#p' "$log" | sort -u)
  if [ "${#again[@]}" -gt 0 ]; then
    say "running ${again[*]} once more"
    rerun=(node bin/mcp-host-conformance.js run --host "$host" --out "$out-rerun" --expected-failures "$baseline")
    for s in "${again[@]}"; do rerun+=(--scenario "$s"); done
    timeout --kill-after=15 "$deadline" "${rerun[@]}"
    rc=$?
    [ "$rc" = 0 ] && flaky="; failed once, then passed alone: ${again[*]} (report in $out-rerun/)"
  fi
fi
rm -f "$log"
elapsed=$(( $(date +%s) - started ))

if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
  say "failed (deadline of ${deadline} s passed after ${elapsed} s)"
  exit 1
fi
if [ "$update" = 1 ]; then
  node bin/mcp-host-conformance.js report baseline "$out/report.json" --host "$host" -o "$baseline" || exit 1
  # FINDINGS.md's generated block follows the report; the maintainer's notes around it stay.
  node bin/mcp-host-conformance.js report findings "$out/report.json" --host "$host" --into "reports/${host}/FINDINGS.md" || exit 1
  say "baseline rewritten from $out/report.json in ${elapsed} s; review the reasons, keep reports/${host}/FINDINGS.md in step"
  exit 0
fi
if [ "$rc" = 0 ]; then
  say "ok (failures match $baseline; ${elapsed} s; report in $out/${flaky})"
else
  say "failed (exit $rc: unexpected or stale failures, or a harness error; ${elapsed} s; report in $out/)"
fi
exit "$rc"
