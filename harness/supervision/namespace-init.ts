// STDIO-5: the supervisor that starts a host inside a PID namespace of its own, and the
// lines it reports on. `unshare --pid --mount` runs it (in a new mount namespace; children
// go into the new PID namespace), so it stays outside the namespace, the host's direct
// parent: it relays the host's exact exit status, which the harness cannot wait for itself.
// Perl because perl-base is part of every Debian system (no compiler, nothing to install)
// and starts in milliseconds; Node would cost 40 MB and a tenth of a second per host.
//
// Order matters. The first child becomes the namespace's pid 1 (the reaper): it mounts a
// /proc of the namespace, so the host sees its own pids (a host that kills its tree by
// reading /proc must keep working), then waits for end-of-file on the control socket, so
// the namespace ends when the harness does, even when the harness is SIGKILLed. Only
// then is the host started, as the leader of a session of its own (the group the harness
// signals). The control socket is close-on-exec: the host cannot write to it. No output of
// the supervisor reaches the host's screen: fds 0-2 point to /dev/null once the host runs.
// Before the host starts, a name watch's resolv.conf is bound over /etc/resolv.conf in the
// namespace, read-only (NET-4: every lookup the host makes is recorded, and a host running as
// root cannot rewrite the file to look names up elsewhere; sandbox/name-watch.ts).
// The host's command line, environment and directory come over the socket, so neither the
// supervisor nor the reaper looks like a process of the run (nor shows a secret on argv).
// With a terminal (a pseudo-terminal's slave path), the host opens it as the new session's
// leader, so it becomes its controlling terminal on fds 0-2: the line discipline then sends
// Ctrl-C to the host's foreground group as a real terminal does.
//
// On fd 3 the harness writes hostSpec(); the supervisor answers "started HOST REAPER" or
// "error MESSAGE", then "exited CODE SIGNAL".
// The supervisor exits only when the reaper has exited, which is after the kernel killed
// every process of the namespace: the supervisor's exit is the event "nothing is left".
import { constants } from 'node:os';
import type { ExitStatus } from './process-group.js';

export const NAMESPACE_INIT = String.raw`
use POSIX ();
use Fcntl qw(F_SETFD FD_CLOEXEC);
open(my $ctl, '+<&=', 3) or POSIX::_exit(120);
fcntl($ctl, F_SETFD, FD_CLOEXEC);
$ctl->autoflush(1);
my $mount = shift @ARGV;
my ($in, $nenv, $nargs) = ('');
for (;;) {
  ($nenv, $nargs) = $in =~ /\A(\d+) (\d+)\n/;
  last if defined $nargs && ($in =~ tr/\0//) > $nenv + $nargs + 2;
  sysread($ctl, $in, 65536, length $in) or POSIX::_exit(121);
}
$in =~ s/\A\d+ \d+\n//;
my ($tty, $cwd, $resolv, @items) = split /\0/, $in, -1;
my %env = map { split /=/, $_, 2 } @items[0 .. $nenv - 1];
my @argv = @items[$nenv .. $nenv + $nargs - 1];
sub quiet { open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null'); open(STDERR, '>', '/dev/null'); }
pipe(my $ready_r, my $ready_w) or POSIX::_exit(122);
my $reaper = fork() // POSIX::_exit(123);
if ($reaper == 0) {
  close $ready_r; quiet();
  syswrite($ready_w, system($mount, '-t', 'proc', '-o', 'nosuid,nodev,noexec', 'proc', '/proc') == 0 ? 'y' : 'n');
  close $ready_w;
  $SIG{CHLD} = 'IGNORE';
  for (;;) { my $n = sysread($ctl, my $buf, 64); last if defined $n ? $n == 0 : !$!{EINTR}; }
  POSIX::_exit(0);
}
close $ready_w;
sub fail { print $ctl "error $_[0]\n"; kill 'KILL', $reaper; waitpid($reaper, 0); POSIX::_exit(1); }
sysread($ready_r, my $mounted, 1);
fail('cannot mount /proc in the namespace') if ($mounted // '') ne 'y';
fail('cannot bind the name watch over /etc/resolv.conf') if $resolv ne '' && (system($mount, '--bind', $resolv, '/etc/resolv.conf') != 0 || system($mount, '-o', 'remount,bind,ro', '/etc/resolv.conf') != 0);
pipe(my $err_r, my $err_w) or fail("pipe: $!");
my $host = fork() // fail("fork: $!");
if ($host == 0) {
  close $err_r; POSIX::setsid();
  if ($tty ne '') {
    my $fd = POSIX::open($tty, &POSIX::O_RDWR);
    if (!defined $fd) { syswrite($err_w, "cannot open the terminal $tty: $!"); POSIX::_exit(127); }
    POSIX::dup2($fd, $_) for 0 .. 2;
    POSIX::close($fd) if $fd > 2;
  }
  %ENV = %env;
  chdir($cwd) and exec { $argv[0] } @argv;
  syswrite($err_w, "$!"); POSIX::_exit(127);
}
close $err_w;
if (sysread($err_r, my $err, 512)) { waitpid($host, 0); fail($err); }
print $ctl "started $host $reaper\n";
quiet();
waitpid($host, 0);
print $ctl 'exited ' . ($? >> 8) . ' ' . ($? & 127) . "\n";
waitpid($reaper, 0);
POSIX::_exit(0);
`;

/** What the supervisor reads first on its control socket: the host's terminal ('' = none), working directory, the resolv.conf to bind over the namespace's own ('' = none; sandbox/name-watch.ts), environment and command line. */
export function hostSpec(command: string, args: readonly string[], env: Record<string, string>, cwd: string, tty = '', resolvConf = ''): Buffer {
  const entries = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  return Buffer.from(`${entries.length} ${args.length + 1}\n${[tty, cwd, resolvConf, ...entries, command, ...args].map((item) => `${item}\0`).join('')}`);
}

export type InitLine = { kind: 'started'; host: number; reaper: number } | { kind: 'error'; message: string } | { kind: 'exited'; status: ExitStatus };

const SIGNAL_NAMES = new Map(Object.entries(constants.signals).map(([name, number]) => [number, name]));

/** "SIGTERM" for 15; "signal N" for a number without a name. */
export function signalName(signal: number): string {
  return SIGNAL_NAMES.get(signal) ?? `signal ${signal}`;
}

/** One control line of the supervisor, or null for anything else. */
export function parseInitLine(line: string): InitLine | null {
  const started = /^started (\d+) (\d+)$/.exec(line);
  if (started !== null) return { kind: 'started', host: Number(started[1]), reaper: Number(started[2]) };
  const exited = /^exited (\d+) (\d+)$/.exec(line);
  if (exited !== null) {
    const signal = Number(exited[2]);
    return { kind: 'exited', status: signal === 0 ? { code: Number(exited[1]), signal: null } : { code: null, signal: signalName(signal) } };
  }
  return line.startsWith('error ') ? { kind: 'error', message: line.slice('error '.length) } : null;
}
