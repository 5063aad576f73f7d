// Built stdio fakes for a test file: one journal collector for the file, each fake started
// in its own process group and the whole group stopped after each test.
import { afterEach, beforeAll } from 'vitest';
import type { ServerBehaviour } from '../behaviour.js';
import { startJournalCollector, type JournalCollector } from '../journal-collector.js';
import type { Journal } from '../journal.js';
import { requireBuilt } from '../../../harness/vitest/require-built.js';
import { DetachedStdioTransport } from './clients.js';

export interface StdioFakes {
  /** The file's collector (set once the file's beforeAll ran). */
  collector(): JournalCollector;
  spawn(behaviour: ServerBehaviour, env?: Record<string, string>): { transport: DetachedStdioTransport; journal: Journal };
}

/** Registers the file's hooks; `marker` names the fakes' journal ids. */
export function useStdioFakes(marker: string): StdioFakes {
  // The stdio fake runs from dist/: a stale build would test yesterday's server.
  beforeAll(() => requireBuilt('dist/stdio-fake.mjs', ['fake-servers/mcp']));
  let collector: JournalCollector | undefined;
  let transports: DetachedStdioTransport[] = [];
  beforeAll(async () => {
    const started = await startJournalCollector();
    collector = started;
    return () => started.close();
  });
  afterEach(async () => {
    await Promise.all(transports.map((t) => t.killGroup()));
    transports = [];
  });
  const current = (): JournalCollector => {
    if (collector === undefined) throw new Error('stdio fakes: the collector starts in beforeAll');
    return collector;
  };
  return {
    collector: current,
    spawn(behaviour, env = { PATH: process.env.PATH ?? '' }) {
      const server = current().stdioServer(behaviour, marker);
      const transport = new DetachedStdioTransport({ command: server.command, args: server.args }, env);
      transports.push(transport);
      return { transport, journal: server.journal };
    },
  };
}
