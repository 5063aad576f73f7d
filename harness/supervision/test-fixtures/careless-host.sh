#!/bin/sh
# A careless terminal host (issue 23 item 6, the user's set-up): before it becomes refhost
# ($2...) by exec (same pid, same process group), it leaves two processes named by $1:
# a child in its own process group that holds the terminal and does not ignore a hang-up
# (when a session leader exits, the kernel hangs up its foreground group; under a shell the
# host is never the leader, so it survives), and a daemon that shares nothing with the
# sandbox (setsid, a double fork, `env -i`, cwd /).
name=$1
shift
perl -e 'sleep 300' "$name-child" &
setsid sh -c 'cd / && (exec env -i perl -e "sleep 300" "$0" &)' "$name-daemon" </dev/null >/dev/null 2>&1
exec "$@"
