// What the suite writes for a host before it starts it in one scenario, for a repro folder: the
// files its configuration (and policy pack) become in the host's own format, and the servers in
// the common shape (what an ACP host gets in session/new instead of a file). The scenario's
// fixtures run only while the configuration is written, so the addresses in it are real ones.
// Paths read as a reader's: the sandbox's as $HOME, $XDG_CONFIG_HOME ..., the suite's folder as
// `suiteAs`, this Node as `node`.
import type { HostAdapter, ServerConfigEntry } from '../adapters/host-adapter.js';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import type { Scenario } from '../scenario/scenario-schema.js';
import { suiteRoot } from '../suite-root.js';
import { collectFiles } from './collect.js';
import { fixtureHost, startFixtures, type Fixtures } from './fixtures.js';

export interface WrittenConfig {
  /** Each file written or changed, by where the host reads it ("$HOME/.codex/config.toml"). */
  files: { path: string; text: string }[];
  servers: Record<string, ServerConfigEntry>;
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function portable(text: string, sandbox: Sandbox, suiteAs: string): string {
  const inSandbox = new RegExp(`${escape(sandbox.root)}[^\\s"'\\],)]*`, 'g');
  return text
    .replace(inSandbox, (path) => sandbox.displayPath(path) ?? path.replace(sandbox.root, '$SANDBOX'))
    .replaceAll(suiteRoot(), suiteAs)
    .replaceAll(process.execPath, 'node');
}

export async function writtenConfig(adapter: HostAdapter, scenario: Scenario, suiteAs: string): Promise<WrittenConfig> {
  const { capabilities } = adapter;
  const sandbox = createSandbox(scenario.name);
  let fixtures: Fixtures | undefined;
  try {
    fixtures = await startFixtures(scenario, sandbox, fixtureHost(adapter, sandbox));
    const before = new Map(collectFiles(sandbox).map((f) => [f.path, f.content]));
    // As the runner configures them: servers the user adds during the scenario come later.
    const servers = Object.fromEntries(
      Object.entries(fixtures.servers)
        .filter(([name]) => scenario.servers[name]?.added !== true)
        .map(([name, s]) => [name, s.entry]),
    );
    adapter.config.write(sandbox, servers);
    if (scenario.policy !== undefined) capabilities.policy?.write(sandbox, scenario.policy);
    const files = collectFiles(sandbox).filter((f) => before.get(f.path) !== f.content);
    return {
      files: files.map((f) => ({ path: f.path, text: portable(f.content, sandbox, suiteAs) })),
      servers: JSON.parse(portable(JSON.stringify(servers), sandbox, suiteAs)) as Record<string, ServerConfigEntry>,
    };
  } finally {
    await fixtures?.close();
    await sandbox.cleanup();
  }
}
