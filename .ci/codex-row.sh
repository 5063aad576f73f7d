#!/usr/bin/env bash
# CI step for the Codex row (issue 6): installs the pinned OpenAI Codex CLI into .hosts/
# and runs the conformance suite against it, judged by the committed baseline
# reports/codex-expected-failures.json (a new failure fails, and so does a stale entry: a
# listed check that now passes). When Codex cannot be installed (no registry, unsupported
# platform) the step is skipped with a message and exits 0: Codex is never a dependency.
#
#   .ci/codex-row.sh                  # the whole row; report in test-results/codex/
#   .ci/codex-row.sh --shard 1/2      # extra arguments go to `mcp-host-conformance run`
#   .ci/codex-row.sh --update-baseline  # rerun, then rewrite the baseline from the report
#
# Last line: `codex-row: ok|failed|skipped ...`. The run has a hard deadline
# (CODEX_ROW_DEADLINE_S, default 600 s); a full row takes far less (see docs/testing-your-own-host.md).
set -uo pipefail
cd "$(dirname "$0")/.."

baseline=reports/codex-expected-failures.json
out=test-results/codex
update=0
args=()
for a in "$@"; do
  if [ "$a" = "--update-baseline" ]; then update=1; else args+=("$a"); fi
done

if ! npm run --silent hosts:install -- codex; then
  echo "codex-row: skipped (OpenAI Codex CLI could not be installed: see the message above; the row needs the npm registry)"
  exit 0
fi

# Build (about 25 s; tsc emits even when it reports type errors). .ci/run has built already: it sets CODEX_ROW_SKIP_BUILD=1.
if [ "${CODEX_ROW_SKIP_BUILD:-0}" != 1 ]; then
  npx tsc -p tsconfig.build.json >/dev/null 2>&1 || echo "codex-row: tsc reported type errors; running what it emitted" >&2
fi
if [ ! -f dist/harness/cli/main.js ]; then
  echo "codex-row: failed (no build in dist/: run npx tsc -p tsconfig.build.json)"
  exit 1
fi

started=$(date +%s)
run=(node bin/mcp-host-conformance.js run --host codex --out "$out" "${args[@]}")
[ "$update" = 1 ] || run+=(--expected-failures "$baseline")
log="$(mktemp)"
timeout --kill-after=15 "${CODEX_ROW_DEADLINE_S:-600}" "${run[@]}" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}

# Codex is a real program on a busy 2-core machine: a scenario with an unexpected failure runs
# once more, alone, and only a failure that comes back counts. Stale entries are never rerun.
flaky=""
if [ "$update" = 0 ] && [ "$rc" = 1 ] && ! grep -q '^stale expected failure' "$log"; then
  mapfile -t again < <(sed -nE 's#^unexpected failure: ([^/]+)/.*#\1#p' "$log" | sort -u)
  if [ "${#again[@]}" -gt 0 ]; then
    echo "codex-row: running ${again[*]} once more"
    rerun=(node bin/mcp-host-conformance.js run --host codex --out "$out-rerun" --expected-failures "$baseline")
    for s in "${again[@]}"; do rerun+=(--scenario "$s"); done
    timeout --kill-after=15 "${CODEX_ROW_DEADLINE_S:-600}" "${rerun[@]}"
    rc=$?
    [ "$rc" = 0 ] && flaky="; failed once, then passed alone: ${again[*]} (report in $out-rerun/)"
  fi
fi
rm -f "$log"
elapsed=$(( $(date +%s) - started ))

if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then
  echo "codex-row: failed (deadline of ${CODEX_ROW_DEADLINE_S:-600} s passed after ${elapsed} s)"
  exit 1
fi
if [ "$update" = 1 ]; then
  node bin/mcp-host-conformance.js report baseline "$out/report.json" --host codex -o "$baseline" || exit 1
  echo "codex-row: baseline rewritten from $out/report.json in ${elapsed} s; review the reasons, keep FINDINGS.md in step"
  exit 0
fi
if [ "$rc" = 0 ]; then
  echo "codex-row: ok (failures match $baseline; ${elapsed} s; report in $out/${flaky})"
else
  echo "codex-row: failed (exit $rc: unexpected or stale failures, or a harness error; ${elapsed} s; report in $out/)"
fi
exit "$rc"
