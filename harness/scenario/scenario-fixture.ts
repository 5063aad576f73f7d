// `serve --scenario NAME`: a scenario's fakes for a host driven by hand (any guarantee the
// scenario covers). Turns a loaded scenario into the serve fixture the way the runner's
// fixtures do it (sse = http with the sse flavour, behaviour functions get the trap,
// "{canary}" becomes a fresh value), minus the sandbox: no decoy, no canary scan.
import { startTrap, type Trap } from '../../fake-servers/mcp/trap.js';
import { FixtureError, type FixtureServer, type McpServerEntry, type ServeFixtureSpec } from '../../fake-servers/serve/fixture.js';
import { HarnessError } from '../errors.js';
import { CanaryRegistry } from '../sandbox/canaries.js';
import { loadScenario, scenarioFiles, scenarioName } from './load-scenarios.js';
import type { FixtureContext, Scenario, ServerSpec } from './scenario-schema.js';
import { behaviourOf, ownCredentials, withCanaries, withOwnCredentials, withStderrCanary, withTrap } from './server-spec.js';

const CLOSE_NAMES = 5;

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next.push(Math.min((row[j] ?? 0) + 1, (next[j - 1] ?? 0) + 1, (row[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1)));
    row = next;
  }
  return row[b.length] ?? 0;
}

/** The known names nearest to `name`: names containing it first, then by edit distance. */
export function closeNames(name: string, known: readonly string[]): string[] {
  const score = (candidate: string): number => (candidate.includes(name) ? 0 : editDistance(name, candidate));
  return [...known].sort((a, b) => score(a) - score(b) || a.localeCompare(b)).slice(0, CLOSE_NAMES);
}

const needsTrap = (spec: ServerSpec): boolean => ('raw' in spec ? JSON.stringify(spec.raw).includes('{trap') : typeof spec.behaviour === 'function');

function rawEntry(spec: Extract<ServerSpec, { raw: unknown }>, name: string, ctx: FixtureContext | undefined, canaries: CanaryRegistry): McpServerEntry {
  const fill = (s: string): string => (ctx ? withTrap(s, ctx.trapOrigin) : s);
  const raw = spec.raw;
  if ('url' in raw) return { url: fill(raw.url), ...(raw.headers ? { headers: withCanaries(canaries, name, 'header', raw.headers) } : {}) };
  return { command: fill(raw.command), args: (raw.args ?? []).map(fill), ...(raw.env ? { env: withCanaries(canaries, name, 'env', raw.env) } : {}) };
}

function describeStep(step: Scenario['user'][number]): string {
  return Object.entries(step)
    .filter(([key]) => key !== 'within')
    .map(([key, value]) => `${key} ${JSON.stringify(value)}`)
    .join(' ');
}

/** The fixture for one loaded scenario; `trap` must be given when a server needs one (see needsTrap). */
export function toServeFixture(scenario: Scenario, trap?: Trap): ServeFixtureSpec {
  // A host pointed at the fakes by hand is unknown: no built-in tools assumed.
  const ctx: FixtureContext | undefined = trap ? { trapOrigin: trap.origin, trapUrl: trap.url, builtins: { names: [] } } : undefined;
  const canaries = new CanaryRegistry();
  const servers: Record<string, FixtureServer> = {};
  const listed: Record<string, McpServerEntry> = {};
  const notes = [`scenario ${scenario.name}: ${scenario.title}`, `its user: ${scenario.user.map(describeStep).join('; ')}`];
  for (const [name, spec] of Object.entries(scenario.servers)) {
    if (spec.added) notes.push(`server ${name} is added by the user during the scenario (its "add" step)`);
    if ('raw' in spec) {
      listed[name] = rawEntry(spec, name, ctx, canaries);
      continue;
    }
    if (typeof spec.behaviour === 'function' && ctx === undefined) {
      throw new FixtureError(`scenario ${scenario.name}: server ${name} is built from the trap's address; pass a trap`);
    }
    // Credentials first: a behaviour may echo them. Without a trap every behaviour is plain data, so the context is never read.
    const credentials = {
      ...(spec.headers ? { headers: withCanaries(canaries, name, 'header', spec.headers) } : {}),
      ...(spec.env ? { env: withCanaries(canaries, name, 'env', spec.env) } : {}),
    };
    const built = behaviourOf(spec, ctx ?? { trapOrigin: '', trapUrl: '', builtins: { names: [] } }, scenario.protocol);
    const behaviour = withStderrCanary(canaries, name, withOwnCredentials(built, ownCredentials(canaries, name, spec)));
    servers[name] = { transport: spec.transport === 'stdio' ? 'stdio' : 'http', behaviour, ...credentials };
  }
  scenario.model.forEach((step, i) => {
    if (typeof step === 'function') notes.push(`model step ${i + 1} is computed from the request it answers; it is replayed as-is`);
  });
  if (scenario.files) notes.push(`the scenario places ${Object.keys(scenario.files).length} file(s) in its sandbox; serve does not`);
  return { servers, listed, model: { script: scenario.model }, notes, ...(trap ? { trap } : {}) };
}

/** Loads scenarios/NAME.scenario.* and builds its fixture (starting a trap when needed, owned by the fixture). */
export async function scenarioFixture(name: string, dir?: string): Promise<ServeFixtureSpec> {
  const files = scenarioFiles(dir);
  const file = files.find((f) => scenarioName(f) === name);
  if (file === undefined) {
    const known = files.map(scenarioName);
    throw new FixtureError(`unknown scenario "${name}"; close names: ${closeNames(name, known).join(', ')} (${known.length} scenarios)`);
  }
  let scenario: Scenario;
  try {
    scenario = await loadScenario(file);
  } catch (error) {
    throw error instanceof HarnessError ? new FixtureError(error.message) : error;
  }
  const trap = Object.values(scenario.servers).some(needsTrap) ? await startTrap() : undefined;
  try {
    return toServeFixture(scenario, trap);
  } catch (error) {
    await trap?.close();
    throw error;
  }
}
