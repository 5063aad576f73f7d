#!/usr/bin/env bash
# CI step for one real host's row (issues 6 and 14): installs the host's pinned version into
# .hosts/ and runs the conformance suite against it, judged by the committed baseline
# reports/<host>-expected-failures.json, or .yaml in the official suite's format (a new failure
# fails, and so does a stale entry: a listed check that now passes). When the host cannot be
# installed (no registry, unsupported platform) the step is skipped with a message and exits 0:
# a host is never a dependency.
#
#   .ci/host-row.sh codex                    # the whole row; report in test-results/codex/
#   .ci/host-row.sh codex --shard 1/2        # extra arguments go to `mcp-host-conformance run`
#   .ci/host-row.sh codex --update-baseline  # rerun, then rewrite the baseline from the report
#
# A scenario whose failure was unexpected runs once more, alone; so, when the baseline is
# rewritten, does every scenario with a check that disagrees with it. The rerun is combined into
# test-results/<host>/ (`report merge --again`): a check whose verdict differed is FLAKY there,
# with both runs, and goes into a rewritten baseline as `flaky`, never as a plain failure.
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
# The baseline in our JSON, or in the official conformance suite's YAML when the host keeps one.
baseline="reports/${host}-expected-failures.json"
for f in "reports/${host}-expected-failures.yaml" "reports/${host}-expected-failures.yml"; do
  if [ -f "$f" ]; then baseline="$f"; break; fi
done
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

# Runs the scenarios named in "${again[@]}" once more, alone, into $out-rerun/ (extra arguments
# of the row are not repeated: a --shard would select nothing) and sets rc to that run's exit code.
run_again() {
  say "running ${again[*]} once more"
  local rerun=(node bin/mcp-host-conformance.js run --host "$host" --out "$out-rerun" "$@")
  for s in "${again[@]}"; do rerun+=(--scenario "$s"); done
  timeout --kill-after=15 "$deadline" "${rerun[@]}"
  rc=$?
}
combine() { node bin/mcp-host-conformance.js report merge "$out/report.json" --again "$out-rerun/report.json" -o "$out"; }

# A real host on a busy 2-core machine: a scenario with an unexpected failure runs once more,
# alone, and only a failure that comes back counts. Stale entries are never rerun.
flaky=""
again=()
if [ "$update" = 0 ] && [ "$rc" = 1 ] && ! grep -q '^stale expected failure' "$log"; then
  mapfile -t again < <(sed -nE 's#^unexpected failure: ([^/]+)/.*#\1#p' "$log" | sort -u)
  if [ "${#again[@]}" -gt 0 ]; then
    run_again --expected-failures "$baseline"
    # The row's report shows what varied as FLAKY; the row's verdict stays the rerun's.
    if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then combine >/dev/null || say "the rerun could not be combined into $out/ (see above)"; fi
    [ "$rc" = 0 ] && flaky="; failed once, then passed alone: ${again[*]} (FLAKY in $out/report.md)"
  fi
fi
# Rewriting the baseline: a failure is committed only once it came back. The scenarios whose
# checks disagree with the old baseline (a failure it does not list, a listed check that passed)
# run once more; the baseline is then written from both runs.
if [ "$update" = 1 ] && { [ "$rc" = 0 ] || [ "$rc" = 1 ]; }; then
  known=()
  [ -f "$baseline" ] && known=(--expected-failures "$baseline")
  list="$(node bin/mcp-host-conformance.js report reruns "$out/report.json" --host "$host" "${known[@]}")" || exit 1
  [ -n "$list" ] && mapfile -t again <<< "$list"
  if [ "${#again[@]}" -gt 0 ]; then
    run_again
    if [ "$rc" = 0 ] || [ "$rc" = 1 ]; then combine || exit 1; fi
  fi
fi
rm -f "$log"
elapsed=$(( $(date +%s) - started ))

if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
  say "failed (deadline of ${deadline} s passed after ${elapsed} s)"
  exit 1
fi
if [ "$update" = 1 ]; then
  # A baseline is written only from runs that finished (exit 0 or 1), never from an interrupted one.
  if [ "$rc" != 0 ] && [ "$rc" != 1 ]; then
    say "failed (exit $rc: the run did not finish; $baseline left as it was)"
    exit 1
  fi
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
