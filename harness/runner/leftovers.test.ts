// What outlived the host, as the report states it: where each process ran relative to the
// host (its group, its session, or a session of its own), how the host had ended, and its
// command line with the sandbox written as <sandbox> (the same kind reads the same in every
// scenario) and capped.
import { describe, expect, test } from 'vitest';
import type { ProcessInfo } from '../supervision/proc-scan.js';
import { COMMAND_CHARS, leftoversOf } from './leftovers.js';

const proc = (pid: number, pgid: number, sid: number, cmdline: string[], role = 'host'): ProcessInfo => ({
  pid,
  ppid: 1,
  pgid,
  sid,
  state: 'S',
  start: pid,
  cmdline,
  env: {},
  role,
});

describe('leftovers', () => {
  test('each is placed by group and session against every host start, its sandbox written as <sandbox>', () => {
    // Host 10 ran as a job of session 9 (a terminal host), then restarted as 20.
    const found = [
      proc(11, 10, 9, ['sleep', '300']),
      proc(12, 12, 9, ['node', '/tmp/mhc-x-1/srv.mjs'], 'server:local'),
      proc(13, 13, 13, ['perl', '-e', 'sleep 300', 'daemon']),
      proc(21, 20, 9, ['sleep', '1']),
    ];
    const left = leftoversOf('scen', found, { pids: [10, 20], sids: [9], killed: false }, '/tmp/mhc-x-1');
    expect(left).toEqual([
      { scenario: 'scen', pid: 11, role: 'host', command: 'sleep 300', where: 'host-group', hostEnded: 'by-itself' },
      { scenario: 'scen', pid: 12, role: 'server:local', command: 'node <sandbox>/srv.mjs', where: 'own-group', hostEnded: 'by-itself' },
      { scenario: 'scen', pid: 13, role: 'host', command: 'perl -e sleep 300 daemon', where: 'own-session', hostEnded: 'by-itself' },
      { scenario: 'scen', pid: 21, role: 'host', command: 'sleep 1', where: 'host-group', hostEnded: 'by-itself' },
    ]);
  });

  test('a host the harness had to kill is said so; a long command line is cut', () => {
    const [left] = leftoversOf('scen', [proc(5, 5, 5, ['x'.repeat(1000)])], { pids: [4], sids: [4], killed: true }, '/nowhere');
    expect(left).toMatchObject({ where: 'own-session', hostEnded: 'killed-by-harness' });
    expect(left?.command).toHaveLength(COMMAND_CHARS);
  });
});
