// Before the first scenario: start the host once, in a throw-away sandbox with an empty MCP
// configuration and a mock model, and wait for its first prompt. A host that cannot be
// started (binary missing) or that exits or stays silent before its prompt is a set-up
// error reported once, with its exit code and the last lines it printed, instead of one
// HARNESS-ERROR per check. A host that reached its prompt leaves its compiled-code caches for
// every later start (warm-caches.ts). Touches the adapter through config.write, start, the
// session and its warm caches.
import { startMockModel } from '../../fake-servers/model/mock-model.js';
import type { HostAdapter } from '../adapters/host-adapter.js';
import { HarnessError, oneLine } from '../errors.js';
import { createSandbox } from '../sandbox/sandbox.js';
import { killLeftovers } from '../supervision/process-group.js';
import { ProcessScope } from '../supervision/process-scope.js';

/** The same deadline a scenario gives a host for its first prompt. */
export const PREFLIGHT_PROMPT_MS = 15_000;
const TAIL_LINES = 12;

function tail(screen: string): string {
  const lines = screen
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '');
  if (lines.length === 0) return 'it printed nothing';
  return `its last lines:\n${lines
    .slice(-TAIL_LINES)
    .map((l) => `  | ${l}`)
    .join('\n')}`;
}

/** Resolves when the host reached its prompt; throws HarnessError HOST_START (naming `input`) otherwise. */
export async function preflightHost(adapter: HostAdapter, input: string, promptMs = PREFLIGHT_PROMPT_MS): Promise<void> {
  const model = await startMockModel({ script: [] });
  const sandbox = createSandbox(`preflight-${adapter.name}`);
  const scope = new ProcessScope();
  try {
    adapter.config.write(sandbox, {});
    let session;
    try {
      session = await scope.run(() => adapter.start(sandbox, { modelUrl: model.baseUrl, apiKey: 'sk-preflight-not-a-real-key', knobs: {}, resume: false }));
    } catch (error) {
      throw new HarnessError('HOST_START', `${input}: the host cannot be started: ${oneLine((error as Error).message)}`);
    }
    const ready = await session.waitForPrompt(promptMs);
    const exitedFirst = session.hasExited();
    const status = await session.kill();
    if (ready) return adapter.warmCaches?.keep(sandbox);
    const screen = session.screen().all;
    const how = exitedFirst
      ? `the host exited before its first prompt (${status.signal === null ? `exit code ${status.code}` : `signal ${status.signal}`})`
      : `the host showed no prompt within ${promptMs} ms (does the profile's screen.prompt match?)`;
    throw new HarnessError('HOST_START', `${input}: ${how}; ${tail(screen)}`);
  } finally {
    await killLeftovers(await scope.leftovers(sandbox.root, () => 'other', 0));
    await scope.close();
    await sandbox.cleanup();
    await model.close();
  }
}
