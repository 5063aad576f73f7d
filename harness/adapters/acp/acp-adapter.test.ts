// The ACP adapter against a small agent written with the SDK's agent side
// (test-fixtures/fixture-agent.ts), run as a real child process in its own group.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/sandbox.js';
import { suiteRoot } from '../../suite-root.js';
import { isAlive } from '../../supervision/proc-scan.js';
import { waitGone } from '../../supervision/process-group.js';
import { UndrivableStep, type HostSession } from '../host-adapter.js';
import { agentPath, createAcpAdapter } from './acp-adapter.js';
import { parseAcpProfile } from './acp-profile.js';

const FIXTURE = join(suiteRoot(), 'harness', 'adapters', 'acp', 'test-fixtures', 'fixture-agent.ts');
const TSX = pathToFileURL(join(suiteRoot(), 'node_modules', 'tsx', 'dist', 'loader.mjs')).href;
const RUN = { modelUrl: 'http://127.0.0.1:9/v1', apiKey: 'k', knobs: {}, resume: false };

function adapter(extra: Record<string, unknown> = {}) {
  const raw = { name: 'fixture', install: 'fixture', package: 'fixture-agent', bin: process.execPath, argv: ['--import', TSX, FIXTURE], ...extra };
  return createAcpAdapter(parseAcpProfile(raw, 'fixture.json'));
}

const opened: { sandbox: Sandbox; session?: HostSession }[] = [];
afterEach(async () => {
  for (const o of opened.splice(0)) {
    await o.session?.kill(0);
    await o.sandbox.cleanup();
  }
});

async function start(extra: Record<string, unknown> = {}) {
  const sandbox = createSandbox('acp-adapter');
  const entry: { sandbox: Sandbox; session?: HostSession } = { sandbox };
  opened.push(entry);
  const host = adapter(extra);
  host.config.write(sandbox, { docs: { url: 'http://127.0.0.1:9/mcp', headers: {} } });
  const session = await host.start(sandbox, RUN);
  entry.session = session;
  expect(await session.waitForPrompt(10_000)).toBe(true);
  return session;
}

describe('agentPath', () => {
  it("puts the suite's node before the real PATH, and a profile's own PATH before both", () => {
    expect(agentPath(undefined, '/usr/bin:/bin', '/opt/node20/bin')).toBe('/opt/node20/bin:/usr/bin:/bin');
    expect(agentPath('/hosts/pi/node22/bin', '/usr/bin:/bin', '/opt/node20/bin')).toBe('/hosts/pi/node22/bin:/opt/node20/bin:/usr/bin:/bin');
    expect(agentPath(undefined, undefined, '/opt/node20/bin')).toBe('/opt/node20/bin');
  });
});

describe('ACP adapter', () => {
  it('sends the servers in session/new and shows each turn with its stopReason and a prompt', async () => {
    const session = await start();
    session.send('hello');
    expect(await session.waitFor(/^turn: end_turn$/m, 10_000)).not.toBeNull();
    expect(session.screen().all).toMatch(/^acp> \nuser: hello\nassistant: echo hello\nturn: end_turn\nacp> \n$/m);
  });

  it('answers approve with the allow_once option and deny with reject_once, shown with title, kind and raw input', async () => {
    const session = await start();
    session.send('ask');
    const shown = await session.waitForApproval(10_000);
    expect(shown?.text).toBe(
      'permission request: docs/search\n  kind: fetch\n  rawInput: {"q":"x"}\n  options: allow_always "Always", allow_once "Allow", reject_once "Reject"\napprove? [allow/reject]\n',
    );
    session.answer('approve');
    expect(await session.waitFor(/^assistant: outcome: selected yes-once$/m, 10_000)).not.toBeNull();
    expect(session.screen().all).toMatch(/^tool "docs\/search": pending \(fetch\)\n/m);
    expect(session.screen().all).toMatch(/^answer: allow_once \(yes-once\)\ntool "docs\/search": completed\n/m);
    await session.waitForPrompt(10_000);
    session.send('ask again');
    expect(await session.waitForApproval(10_000)).not.toBeNull();
    session.answer('deny');
    expect(await session.waitFor(/^assistant: outcome: selected no-once$/m, 10_000)).not.toBeNull();
  });

  it('chooses by the profile kinds in order, falling back to the next kind', async () => {
    const session = await start({ permission: { approve: ['allow_once'], deny: ['reject_always', 'allow_always'] } });
    session.send('ask');
    await session.waitForApproval(10_000);
    session.answer('deny');
    expect(await session.waitFor(/^assistant: outcome: selected always$/m, 10_000)).not.toBeNull();
  });

  it('holds a line sent while an agent slower than the open wait still opens the session, and loads that session on resume', async () => {
    const sandbox = createSandbox('acp-adapter');
    const entry: { sandbox: Sandbox; session?: HostSession } = { sandbox };
    opened.push(entry);
    const host = adapter({ env: { FIXTURE_SLOW_NEW_MS: '6000' }, resume: true });
    host.config.write(sandbox, { docs: { url: 'http://127.0.0.1:9/mcp', headers: {} } });
    const first = await host.start(sandbox, RUN);
    entry.session = first;
    // Sent before session/new answered (an early ask answered at start): held until the session is open.
    first.send('early');
    expect(await first.waitFor(/^turn: end_turn$/m, 15_000)).not.toBeNull();
    expect(first.screen().all).toMatch(/^user: early\nassistant: echo early\nturn: end_turn\nacp> \n$/m);
    first.end('eof');
    await first.exited;
    const second = await host.start(sandbox, { ...RUN, resume: true });
    entry.session = second;
    expect(await second.waitFor(/^assistant: loaded s-docs$/m, 10_000)).not.toBeNull();
  }, 30_000);

  it('answers a pending permission cancelled after session/cancel, and the turn ends cancelled', async () => {
    const session = await start();
    session.send('ask');
    await session.waitForApproval(10_000);
    session.interrupt();
    expect(await session.waitFor(/^assistant: outcome: cancelled$/m, 10_000)).not.toBeNull();
    expect(await session.waitFor(/^turn: cancelled$/m, 10_000)).not.toBeNull();
  });

  it('cannot take an empty or typed answer: the step is undrivable', async () => {
    const session = await start();
    session.send('ask');
    await session.waitForApproval(10_000);
    expect(() => session.answer('empty')).toThrow(UndrivableStep);
    expect(() => session.answer({ text: 'no' })).toThrow(UndrivableStep);
  });

  it('answers an unknown agent-to-client request with -32601 and shows it', async () => {
    const session = await start();
    session.send('unknown');
    expect(await session.waitFor(/^assistant: error code -32601$/m, 10_000)).not.toBeNull();
    expect(session.screen().all).toMatch(/^unsupported agent request: craft\/drainMidTurnQueue \(answered -32601\)$/m);
  });

  it('reaps the agent and what it started when the group is stopped', async () => {
    const session = await start();
    session.send('child');
    const text = await session.waitFor(/^assistant: child pid \d+$/m, 10_000);
    const pid = Number(/(\d+)$/m.exec(text ?? '')?.[1]);
    expect(isAlive(pid)).toBe(true);
    await session.kill(500);
    expect(await waitGone([pid, session.pid], 5000)).toEqual([]);
  });

  it('closes input then sends SIGTERM to an agent that ignores end of input', async () => {
    const session = await start({ end: 'sigterm', env: { FIXTURE_IGNORE_EOF: '1' } });
    session.end('eof');
    expect((await session.exited).signal).toBe('SIGTERM');
  });
});
