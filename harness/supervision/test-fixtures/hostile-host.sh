#!/bin/sh
# A hostile host (STDIO-5 supervision test): it leaves a daemon behind that shares nothing
# with the sandbox (setsid, a double fork, `env -i`, cwd /, named by $1), ignores SIGTERM
# and SIGINT itself, floods stdout with 3 MB, then hands the chat to refhost ($2...) as its
# child, so that it still answers the scenario. The daemon keeps the host's stdout and
# stderr open, so they never reach end-of-file while it lives.
trap '' TERM INT
name=$1
shift
setsid sh -c 'cd / && (exec env -i /bin/sh -c "trap \"\" TERM INT HUP; while :; do sleep 1; done" "$0" &)' "$name" </dev/null
head -c 3000000 /dev/zero | tr '\0' '#'
echo
"$@"
