// Entry of the stdio fake MCP server (run as dist/fake-servers/mcp/stdio-main.js).
// It journals how it was started (argv, cwd, full env, pid/pgid/ppid: STDIO-1/2/3), keeps one
// child of its own in its process group (STDIO-5: a host must reap the whole group), writes a
// marker to stderr (STDIO-4: a host must not show it), then serves the behaviour on stdio.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { assertBehaviourFitsTransport } from './behaviour.js';
import { createBehaviourEngine } from './engine.js';
import { FileJournalWriter } from './journal.js';
import { parseStdioArgs } from './stdio-args.js';

/** Field 5 of /proc/self/stat; the command name (field 2) may hold spaces, so count from its ")". */
function processGroupId(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[2]);
}

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

async function main(): Promise<void> {
  let args: ReturnType<typeof parseStdioArgs>;
  try {
    args = parseStdioArgs(process.argv.slice(2));
    assertBehaviourFitsTransport(args.behaviour, 'stdio');
  } catch (error) {
    process.stderr.write(`fake-mcp stdio: ${(error as Error).message}\n`);
    process.exit(2);
  }
  const { behaviour, journalFile } = args;
  const journal = new FileJournalWriter(journalFile);
  const crash = behaviour.crashAtStart === true;
  // Not detached: it shares our process group, as children of real servers do.
  const child = crash ? undefined : spawn(process.execPath, ['-e', 'setInterval(() => {}, 1 << 30)'], { stdio: 'ignore' });
  journal.record({
    kind: 'start',
    argv: process.argv,
    cwd: process.cwd(),
    env: stringEnv(process.env),
    pid: process.pid,
    pgid: processGroupId(),
    ppid: process.ppid,
    childPid: child?.pid ?? null,
  });
  process.stderr.write(`${behaviour.stdio?.stderrText ?? `fake-mcp ${behaviour.name ?? 'server'}: stderr text a host must not show`}\n`);
  if (crash) {
    journal.record({ kind: 'fault', what: 'crash-at-start' });
    process.exit(1);
  }

  const stop = (reason: string): void => {
    journal.record({ kind: 'exit', reason });
    // leaveChild: as a careless real server would, so only the host's group kill stops it.
    if (behaviour.stdio?.leaveChild !== true) child?.kill('SIGKILL');
    process.exit(0);
  };
  process.stdin.on('end', () => stop('stdin-closed'));
  process.on('SIGTERM', () => stop('SIGTERM'));

  const engine = createBehaviourEngine(behaviour, journal);
  await engine.connect(new StdioServerTransport(), {
    // Exit mid-call leaves the child running on purpose: only group reaping stops it.
    exit: (code) => process.exit(code),
    writeRaw: (data) => void process.stdout.write(data),
  });
}

main().catch((error: unknown) => {
  process.stderr.write(`fake-mcp stdio: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(2);
});
