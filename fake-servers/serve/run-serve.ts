// `mcp-host-conformance serve [--scenario NAME | --behaviour FILE]`: prints one JSON line
// of addresses, then an mcpServers snippet, keeps journals until Ctrl-C (or `io.stop`),
// prints what each part saw and exits 0, closing everything it started.
import { parseArgs } from 'node:util';
import { BehaviourError } from '../mcp/behaviour.js';
import { FixtureError } from './fixture.js';
import { serveFixture } from './serve-fixture.js';

export interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Resolves when serving should end; default: the first SIGINT or SIGTERM. */
  stop?: Promise<void>;
  /** Called once the addresses are printed (tests use it instead of parsing timing). */
  onReady?: () => void;
}

const USAGE = 'usage: mcp-host-conformance serve [--scenario NAME | --behaviour FILE]';

function untilSignal(): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      process.off('SIGINT', done);
      process.off('SIGTERM', done);
      resolve();
    };
    process.on('SIGINT', done);
    process.on('SIGTERM', done);
  });
}

/** argv: the arguments after "serve". Returns the exit code. */
export async function runServe(argv: readonly string[], io: ServeIo): Promise<number> {
  let values: { scenario?: string; behaviour?: string };
  try {
    ({ values } = parseArgs({ args: [...argv], options: { scenario: { type: 'string' }, behaviour: { type: 'string' } }, strict: true, allowPositionals: false }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  let fixture;
  try {
    fixture = await serveFixture({
      ...(values.behaviour === undefined ? {} : { behaviourFile: values.behaviour }),
      ...(values.scenario === undefined ? {} : { scenarioName: values.scenario }),
    });
  } catch (error) {
    const known = error instanceof FixtureError || error instanceof BehaviourError;
    io.stderr.write(`${known ? (error as Error).message : `serve failed: ${String(error)}`}\n`);
    return 2;
  }
  try {
    io.stdout.write(`${JSON.stringify(fixture.addresses)}\n`);
    io.stdout.write(`${JSON.stringify(fixture.mcpServersSnippet(), null, 2)}\n`);
    io.onReady?.();
    await (io.stop ?? untilSignal());
    io.stdout.write(`${fixture.summary().join('\n')}\n`);
  } finally {
    await fixture.close();
  }
  return 0;
}
