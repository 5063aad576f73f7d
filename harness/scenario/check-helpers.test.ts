import { describe, expect, test } from 'vitest';
import type { JournalEntry } from '../../fake-servers/mcp/journal.js';
import { CanaryRegistry } from '../sandbox/canaries.js';
import { mintHostSecrets } from '../sandbox/host-env.js';
import { stdioEnvOnly } from './check-helpers.js';
import type { Observations } from './observations.js';

function withStart(env: Record<string, string> | null): Observations {
  const registry = new CanaryRegistry();
  mintHostSecrets(registry);
  const start: JournalEntry = { seq: 0, t: 0, mono: 0, kind: 'start', argv: ['node'], cwd: '/', env: env ?? {}, pid: 20, pgid: 20, ppid: 10, childPid: null };
  const journal = env === null ? [] : [start];
  return { script: { completed: 2, stoppedAt: null }, screen: { all: '', stdout: '', stderr: '', truncated: false }, canaries: registry.all(), servers: { local: { name: 'local', transport: 'stdio', destination: 'node', journal } } } as unknown as Observations;
}

describe('stdioEnvOnly', () => {
  test('passes a server started with PATH, HOME, LANG and its configured variables only', () => {
    expect(stdioEnvOnly('local', ['NOTES_TOKEN'])(withStart({ PATH: '/bin', HOME: '/h', LANG: 'C.UTF-8', NOTES_TOKEN: 'x' })).verdict).toBe('PASS');
  });

  test("fails a server given TERM and the host's GITHUB_TOKEN, naming the secret as the host's", () => {
    const grade = stdioEnvOnly('local', ['NOTES_TOKEN'])(withStart({ PATH: '/bin', HOME: '/h', NOTES_TOKEN: 'x', TERM: 'xterm-256color', GITHUB_TOKEN: 'y' }));
    expect(`${grade.verdict}: ${grade.observed}`).toBe("FAIL: unexpected variables: GITHUB_TOKEN TERM (the host's own secrets among them: GITHUB_TOKEN)");
  });

  test('is not reached when the server never started', () => {
    expect(stdioEnvOnly('local', [])(withStart(null)).observed).toMatch(/^not reached: stdio server local never started/);
  });
});
