#!/usr/bin/env bash
# CI step: the known-answer self-test (issue 23), beside the real hosts' rows. Five hosts built
# on other stacks, every verdict against its answer key. Last line:
# `known-answer-row: ok|failed (known-answer hosts: N hosts, N checks, N contradictions ...)`.
set -uo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
timeout --kill-after=15 "${HOST_ROW_DEADLINE_S:-1500}" npm run --silent test:known-answer 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
line="$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -E '^known-answer hosts: ' | tail -1)"
rm -f "$log"
if [ "$rc" = 0 ]; then echo "known-answer-row: ok (${line:-no summary})"; else echo "known-answer-row: failed (${line:-exit $rc})"; exit 1; fi
