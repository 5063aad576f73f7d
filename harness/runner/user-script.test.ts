import { describe, expect, test } from 'vitest';
import type { HostAdapter, HostSession } from '../adapters/host-adapter.js';
import type { Sandbox } from '../sandbox/sandbox.js';
import { emptyScriptRun, runUserScript } from './user-script.js';

/** A session that shows its prompt (or not) and may already have ended by itself. */
function session(options: { prompt: boolean; exited: boolean }): HostSession & { ended: string[] } {
  const ended: string[] = [];
  const exit = { code: 0, signal: null };
  return {
    pid: 1,
    exited: Promise.resolve(exit),
    hasExited: () => options.exited || ended.length > 0,
    kill: async () => exit,
    screen: () => ({ all: '', stdout: '', stderr: '', truncated: false }),
    startupText: () => '',
    waitFor: async () => null,
    waitForPrompt: async () => options.prompt,
    send: () => undefined,
    waitForApproval: async () => null,
    answer: () => undefined,
    interrupt: () => undefined,
    end: (kind) => void ended.push(kind),
    ended,
  };
}

const ctx = {
  adapter: { capabilities: { quit: true } } as unknown as HostAdapter,
  sandbox: {} as Sandbox,
  start: {} as never,
  servers: {},
  timing: { stepMs: 10, startMs: 10, exitMs: 10 },
  modelRequests: () => 0,
  configured: new Set<string>(),
};

describe('the end step', () => {
  test('ends a host found at its prompt, recording that every turn was over', async () => {
    const run = emptyScriptRun();
    const host = session({ prompt: true, exited: false });
    run.sessions.push(host);
    await runUserScript(run, [{ end: 'eof' }], ctx);
    expect(host.ended).toEqual(['eof']);
    expect(run.outcome).toMatchObject({ completed: 1, stoppedAt: null, endedAtPrompt: true });
    expect(run.outcome.exitedBeforeEnd).toBeUndefined();
  });

  test('accepts a host that already ended by itself, recording it and its own exit', async () => {
    const run = emptyScriptRun();
    const host = session({ prompt: false, exited: true });
    run.sessions.push(host);
    await runUserScript(run, [{ end: 'eof' }], ctx);
    expect(host.ended).toEqual([]);
    expect(run.outcome).toMatchObject({ completed: 1, stoppedAt: null, exitedBeforeEnd: true });
    expect(run.exits).toEqual([{ code: 0, signal: null, killedByHarness: false }]);
  });

  test('stops the script when a running host never shows its prompt, saying when', async () => {
    const run = emptyScriptRun();
    run.sessions.push(session({ prompt: false, exited: false }));
    await runUserScript(run, [{ end: 'eof' }], ctx);
    expect(run.outcome.stoppedAt).toMatchObject({ step: 1, reason: 'no prompt within 10 ms before ending', mono: expect.any(Number) });
    expect(run.outcome.stoppedAt?.hostExited).toBeUndefined();
  });
});

describe('a step that cannot happen', () => {
  test('records that the host had already gone by itself', async () => {
    const run = emptyScriptRun();
    run.sessions.push(session({ prompt: false, exited: true }));
    await runUserScript(run, [{ send: 'hello' }], ctx);
    expect(run.outcome.stoppedAt).toMatchObject({ step: 1, hostExited: true });
  });
});

describe('the approval step', () => {
  test('a host that went on without asking stops the script, unless the step is optional', async () => {
    const required = emptyScriptRun();
    required.sessions.push(session({ prompt: true, exited: false }));
    await runUserScript(required, [{ approval: 'approve' }, { end: 'eof' }], ctx);
    expect(required.outcome).toMatchObject({ completed: 0, stoppedAt: { step: 1 } }); // steps count from 1

    const optional = emptyScriptRun();
    optional.sessions.push(session({ prompt: true, exited: false }));
    await runUserScript(optional, [{ approval: 'approve', optional: true }, { end: 'eof' }], ctx);
    expect(optional.outcome).toMatchObject({ completed: 2, stoppedAt: null });
    expect(optional.approvals).toEqual([]);
  });
});
