// `mcp-host-conformance serve [--scenario NAME | --behaviour FILE]`: prints one JSON line
// of addresses, then an mcpServers snippet, keeps journals until Ctrl-C (or `io.stop`),
// prints what each part saw and exits 0, closing everything it started.
import { parseArgs } from 'node:util';
import { BehaviourError } from '../mcp/behaviour.js';
import { FixtureError, type ServeFixtureSpec } from './fixture.js';
import { serveFixture, type ServeOptions } from './serve-fixture.js';

export interface ServeIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  /** Resolves when serving should end; default: the first SIGINT or SIGTERM. */
  stop?: Promise<void>;
  /** Called once the addresses are printed (tests use it instead of parsing timing). */
  onReady?: () => void;
}

/** Where named fixtures come from: fake-servers knows no scenarios, the harness CLI supplies them. */
export interface ServeSources {
  /** Builds the named scenario's fixture; throws FixtureError for an unknown or broken name. */
  resolveScenario?: (name: string) => Promise<ServeFixtureSpec>;
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

async function chooseOptions(values: { scenario?: string; behaviour?: string }, sources: ServeSources): Promise<ServeOptions> {
  if (values.scenario === undefined) return values.behaviour === undefined ? {} : { behaviourFile: values.behaviour };
  if (values.behaviour !== undefined) throw new FixtureError('give either --scenario or --behaviour, not both');
  if (sources.resolveScenario === undefined)
    throw new FixtureError(`--scenario ${values.scenario}: scenarios are served by the mcp-host-conformance CLI only; here use --behaviour FILE`);
  return { fixture: await sources.resolveScenario(values.scenario) };
}

/** argv: the arguments after "serve". Returns the exit code. */
export async function runServe(argv: readonly string[], io: ServeIo, sources: ServeSources = {}): Promise<number> {
  let values: { scenario?: string; behaviour?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { scenario: { type: 'string' }, behaviour: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    return 2;
  }
  let fixture;
  try {
    fixture = await serveFixture(await chooseOptions(values, sources));
  } catch (error) {
    const known = error instanceof FixtureError || error instanceof BehaviourError;
    io.stderr.write(`${known ? (error as Error).message : `serve failed: ${String(error)}`}\n`);
    return 2;
  }
  try {
    io.stdout.write(`${JSON.stringify(fixture.addresses)}\n`);
    io.stdout.write(`${JSON.stringify(fixture.mcpServersSnippet(), null, 2)}\n`);
    // Notes go to stderr so stdout stays two parseable JSON documents.
    for (const note of fixture.notes) io.stderr.write(`note: ${note}\n`);
    io.onReady?.();
    await (io.stop ?? untilSignal());
    io.stdout.write(`${fixture.summary().join('\n')}\n`);
  } finally {
    await fixture.close();
  }
  return 0;
}
