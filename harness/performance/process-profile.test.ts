import { spawn } from 'node:child_process';
import { describe, expect, test } from 'vitest';
import { kindOf, parseCpuStat, profileProcesses } from './process-profile.js';

describe('the process profile', () => {
  test('reads ppid, start and user+system CPU from /proc/PID/stat, a command name with spaces and parentheses included', () => {
    const stat = '42 (a b) c) S 7 42 42 0 -1 4194560 100 0 0 0 150 50 0 0 20 0 1 0 999 1000 10';
    expect(parseCpuStat(stat)).toEqual({ ppid: 7, start: 999, cpuMs: 2000 });
    expect(parseCpuStat('garbage')).toBeNull();
  });

  test('names each kind of process by its command line and its ancestors', () => {
    expect(kindOf(['node', 'bin/mcp-host-conformance.js'], undefined, true)).toBe('harness');
    expect(kindOf(['/usr/bin/unshare', '--pid'], 'harness', false)).toBe('namespace supervision');
    expect(kindOf(['/usr/bin/perl', '-e', 'init'], 'namespace supervision', false)).toBe('namespace supervision');
    expect(kindOf(['node', '/x/bin/refhost.js', 'chat'], 'namespace supervision', false)).toBe('host');
    expect(kindOf(['node', '/x/dist/fake-servers/mcp/stdio-main.js', '--behaviour', 'e30'], 'host', false)).toBe('stdio fake server');
    expect(kindOf(['sleep', '1000'], 'stdio fake server', false)).toBe('stdio fake server');
    expect(kindOf(['bash', '-c', 'x'], 'host', false)).toBe('host');
    expect(kindOf(['git', 'status'], undefined, false)).toBe('other');
  });

  test("finds a child's CPU under the root while it runs", async () => {
    // Busy until it has used 300 ms of CPU (not of wall time, which a loaded machine spends waiting).
    const child = spawn(process.execPath, ['-e', 'while (process.cpuUsage().user < 300_000);'], { stdio: 'ignore' });
    const profiler = profileProcesses(process.pid, 10);
    await new Promise((resolve) => child.once('exit', resolve));
    const totals = profiler.stop();
    expect(totals.find((t) => t.kind === 'harness')?.processes).toBe(1);
    expect(totals.find((t) => t.kind === 'host')?.cpuMs ?? 0).toBeGreaterThan(100);
  });
});
