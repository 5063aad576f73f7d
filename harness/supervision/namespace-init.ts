// STDIO-5: the supervisor that starts a host, and the lines it reports on. Two uses:
// - inside a PID namespace of its own: `unshare --pid --mount` runs it (in a new mount
//   namespace; children go into the new PID namespace), so it stays outside the namespace;
// - a terminal host outside one (no root here): the harness runs it directly (mount '').
// Either way it is the host's direct parent and relays the host's exact exit status, which
// the harness cannot wait for itself.
// Perl because perl-base is part of every Debian system (no compiler, nothing to install)
// and starts in milliseconds; Node would cost 40 MB and a tenth of a second per host.
//
// First it closes every file it inherited beyond fds 0-3: a terminal's master and slave are
// opened by node-pty without close-on-exec, so a host started while another scenario's
// terminal is open would hold that terminal, and every host its own terminal's slave (whose
// end is then never seen).
//
// Order matters. In a namespace the first child becomes its pid 1 (the reaper): it mounts a
// /proc of the namespace, so the host sees its own pids (a host that kills its tree by
// reading /proc must keep working), then waits for end-of-file on the control socket, so
// the namespace ends when the harness does, even when the harness is SIGKILLed. Only
// then is the host started. The control socket is close-on-exec: the host cannot write to
// it. No output of the supervisor reaches the host's screen: fds 0-2 point to /dev/null once
// the host runs.
// Before the host starts, a name watch's resolv.conf is bound over /etc/resolv.conf in the
// namespace, read-only (NET-4: every lookup the host makes is recorded, and a host running as
// root cannot rewrite the file to look names up elsewhere; sandbox/name-watch.ts).
// The host's command line, environment and directory come over the socket, so neither the
// supervisor nor the reaper looks like a process of the run (nor shows a secret on argv).
//
// On pipes the host leads a session of its own (the group the harness signals). On a
// terminal (a pseudo-terminal's slave path) the host runs as a user's shell runs a command
// (issue 23, the user's set-up): the supervisor is the session's leader (the harness
// started it in a new session) and opens the terminal, which becomes its controlling
// terminal; the host gets a process group of its own, made the terminal's foreground group,
// and the terminal on fds 0-2, so the line discipline sends Ctrl-C to the host's group as a
// real terminal does. When the host exits, the supervisor takes the terminal back, as a
// shell does, and stays: nothing the host left in its group is hung up by the kernel (a
// session leader's exit would hang up the foreground group, and under a shell the host is
// never the leader), so what survives the host is what survives it on a user's machine. Job
// control signals (hang-up, Ctrl-C and Ctrl-Z, a background group touching the terminal)
// are ignored by the supervisor, as by an interactive shell, and restored for the host.
//
// On fd 3 the harness writes hostSpec(); the supervisor answers "started HOST REAPER" (REAPER
// 0 outside a namespace) or "error MESSAGE", then "exited CODE SIGNAL".
// In a namespace the supervisor exits only when the reaper has exited, which is after the
// kernel killed every process of the namespace: the supervisor's exit is the event "nothing
// is left". Outside one it exits at end-of-file on fd 3 (the harness releases it).
import { constants } from 'node:os';
import type { ExitStatus } from './process-group.js';

export const SUPERVISOR = String.raw`
if (opendir(my $fds, '/proc/self/fd')) { my @inherited = grep { /\A\d+\z/ && $_ > 3 } readdir($fds); closedir($fds); for my $fd (@inherited) { open(my $h, '<&=', $fd) and close($h); } }
open(my $ctl, '+<&=', 3) or exit 120;
fcntl($ctl, 2, 1);
$ctl->autoflush(1);
my $mount = shift @ARGV;
my ($in, $nenv, $nargs) = ('');
for (;;) {
  ($nenv, $nargs) = $in =~ /\A(\d+) (\d+)\n/;
  last if defined $nargs && ($in =~ tr/\0//) > $nenv + $nargs + 3;
  sysread($ctl, $in, 65536, length $in) or exit 121;
}
$in =~ s/\A\d+ \d+\n//;
my ($tty, $cwd, $resolv, $mark, @items) = split /\0/, $in, -1;
my %env = map { split /=/, $_, 2 } @items[0 .. $nenv - 1];
my @argv = @items[$nenv .. $nenv + $nargs - 1];
sub quiet { open(STDIN, '<', '/dev/null'); open(STDOUT, '>', '/dev/null'); open(STDERR, '>', '/dev/null'); }
sub hold { for (;;) { my $n = sysread($ctl, my $buf, 64); last if defined $n ? $n == 0 : !$!{EINTR}; } }
my $reaper = 0;
sub fail { print $ctl "error $_[0]\n"; if ($reaper) { kill 'KILL', $reaper; waitpid($reaper, 0); } exit 1; }
if ($mount ne '') {
  pipe(my $ready_r, my $ready_w) or exit 122;
  $reaper = fork() // exit 123;
  if ($reaper == 0) {
    close $ready_r; quiet();
    syswrite($ready_w, system($mount, '-t', 'proc', '-o', 'nosuid,nodev,noexec', 'proc', '/proc') == 0 ? 'y' : 'n');
    close $ready_w;
    $SIG{CHLD} = 'IGNORE';
    hold();
    exit 0;
  }
  close $ready_w;
  sysread($ready_r, my $mounted, 1);
  fail('cannot mount /proc in the namespace') if ($mounted // '') ne 'y';
}
fail('cannot bind the name watch over /etc/resolv.conf') if $resolv ne '' && ($mount eq '' || system($mount, '--bind', $resolv, '/etc/resolv.conf') != 0 || system($mount, '-o', 'remount,bind,ro', '/etc/resolv.conf') != 0);
my @job = qw(HUP INT QUIT TSTP TTIN TTOU);
# TIOCSPGRP (asm-generic, as on x86 and arm): the terminal's foreground group.
sub foreground { ioctl($_[0], 0x5410, pack('i', $_[1])) }
my $term;
if ($tty ne '') {
  $SIG{$_} = 'IGNORE' for @job;
  sysopen($term, $tty, 2) or fail("cannot open the terminal $tty: $!");
}
pipe(my $err_r, my $err_w) or fail("pipe: $!");
my $host = fork() // fail("fork: $!");
if ($host == 0) {
  close $err_r;
  if (defined $term) {
    setpgrp(0, 0);
    if (!foreground($term, $$)) { syswrite($err_w, "cannot give the host the terminal: $!"); exit 127; }
    open(STDIN, '<&', $term); open(STDOUT, '>&', $term); open(STDERR, '>&', $term); close($term);
    $SIG{$_} = 'DEFAULT' for @job;
  } else {
    require POSIX; POSIX::setsid();
  }
  %ENV = %env;
  chdir($cwd) and exec { $argv[0] } @argv;
  syswrite($err_w, "$!"); exit 127;
}
close $err_w;
if (sysread($err_r, my $err, 512)) { waitpid($host, 0); fail($err); }
print $ctl "started $host $reaper\n";
quiet();
waitpid($host, 0);
my $status = $?;
# The mark follows all the host wrote; the terminal stays open until the supervisor ends, since
# once nothing holds the slave the master may fail with EIO before what is left was read.
if (defined $term) { foreground($term, getpgrp(0)); syswrite($term, "\e]777;$mark\a") if $mark ne ''; }
print $ctl 'exited ' . ($status >> 8) . ' ' . ($status & 127) . "\n";
if ($reaper) { waitpid($reaper, 0); } else { hold(); }
exit 0;
`;

/**
 * What the supervisor reads first on its control socket: the host's terminal ('' = none),
 * working directory, the resolv.conf to bind over the namespace's own ('' = none;
 * sandbox/name-watch.ts), the token of the mark it writes to the terminal once the host exited
 * ('' = none; pseudo-terminal.ts), environment and command line.
 */
export function hostSpec(
  command: string,
  args: readonly string[],
  env: Record<string, string>,
  cwd: string,
  tty = '',
  resolvConf = '',
  exitToken = '',
): Buffer {
  const entries = Object.entries(env).map(([k, v]) => `${k}=${v}`);
  return Buffer.from(
    `${entries.length} ${args.length + 1}\n${[tty, cwd, resolvConf, exitToken, ...entries, command, ...args].map((item) => `${item}\0`).join('')}`,
  );
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
