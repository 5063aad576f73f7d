// The stdio fake MCP server. It opens its journal channel to the harness's collector
// (journal-channel.ts), journals how it was started (argv, cwd, full env, pid/pgid/ppid:
// STDIO-1/2/3), keeps one child of its own in its process group (STDIO-5: a host must reap
// the whole group), writes a marker to stderr (STDIO-4: a host must not show it), acts out
// its connect fault (a crash, garbage on stdout: STDIO-6), then serves the behaviour, its
// "{env:NAME}" placeholders filled from its environment (CRED-3: echoing its own token).
// It speaks the revisions its behaviour offers (modern-server.ts decides the era per process).
import { spawn } from 'node:child_process';
import { closeSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { ServerBehaviour } from './behaviour.js';
import { assertBehaviourFitsTransport } from './behaviour-fit.js';
import { createBehaviourEngine } from './engine.js';
import { withEnvValues, withNeededEnv } from './env-placeholders.js';
import { JournaledTransport } from './journaled-transport.js';
import { serveStreamBothEras } from './modern-server.js';
import { offersModern } from './protocol-revision.js';
import { DEFAULT_GARBAGE } from './fault-schema.js';
import { parseStdioArgs, type JournalTarget } from './stdio-args.js';
import { openJournalChannel } from './journal-channel.js';
import type { JournalWriter } from './journal.js';
import { parseStat } from '../../harness/supervision/proc-scan.js';

function stringEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}

function fatal(message: string): never {
  process.stderr.write(`fake-mcp stdio: ${message}\n`);
  process.exit(2);
}

function readArgs(): { behaviour: ServerBehaviour; journal: JournalTarget } {
  try {
    const args = parseStdioArgs(process.argv.slice(2));
    assertBehaviourFitsTransport(args.behaviour, 'stdio');
    return { ...args, behaviour: withNeededEnv(withEnvValues(args.behaviour, process.env), process.env) };
  } catch (error) {
    return fatal((error as Error).message);
  }
}

async function main(): Promise<void> {
  const { behaviour, journal: target } = readArgs();
  const { journal, stderrText }: { journal: JournalWriter; stderrText: string | undefined } = await openJournalChannel(target.address).catch((error: Error) =>
    fatal(error.message),
  );
  const connect = behaviour.stages?.connect;
  const crash = connect?.kind === 'crash';
  // Not detached: it shares our process group, as children of real servers do. A sleep, not
  // a second node: it only has to exist until someone kills it. By absolute path, because a
  // conforming host hands us a filtered environment (STDIO-3), perhaps without PATH.
  const child = crash ? undefined : spawn('/bin/sleep', [String(2 ** 31 - 1)], { stdio: 'ignore' });
  journal.record({
    kind: 'start',
    argv: process.argv,
    cwd: process.cwd(),
    env: stringEnv(process.env),
    pid: process.pid,
    pgid: parseStat(readFileSync('/proc/self/stat', 'latin1'))?.pgid ?? -1,
    ppid: process.ppid,
    childPid: child?.pid ?? null,
  });
  process.stderr.write(`${stderrText ?? `fake-mcp ${behaviour.name ?? 'server'}: stderr text a host must not show`}\n`);
  if (connect) {
    journal.record({ kind: 'fault', what: `connect ${connect.kind}` });
    await sleep(connect.delayMs ?? 0);
  }
  if (connect?.kind === 'crash') process.exit(connect.code ?? 1);

  const stop = (reason: string): void => {
    journal.record({ kind: 'exit', reason });
    // leaveChild: as a careless real server would, so only the host's group kill stops it.
    if (behaviour.stdio?.leaveChild !== true) child?.kill('SIGKILL');
    process.exit(0);
  };
  // stubborn: the host's polite stops are noted and ignored; only SIGKILL ends it.
  const politeStop = (reason: string): void =>
    behaviour.stdio?.stubborn === true ? journal.record({ kind: 'fault', what: `${reason} ignored` }) : stop(reason);
  process.stdin.on('end', () => politeStop('stdin-closed'));
  process.on('SIGTERM', () => politeStop('SIGTERM'));
  if (connect?.kind === 'garbage') {
    process.stdout.write(`${connect.data ?? DEFAULT_GARBAGE}\n`);
    // Without thenAnswer nothing more comes; stdin is still read, so its end is seen.
    if (!connect.thenAnswer) return void process.stdin.resume();
  }

  const engine = createBehaviourEngine(behaviour, journal);
  const transport = new StdioServerTransport();
  if (behaviour.stdio?.closeStdinAfterListing === true) closeStdinAfterListing(transport);
  const hooks = {
    // A crash mid-call leaves the child running on purpose: only group reaping stops it.
    crash: (code: number) => process.exit(code),
    writeRaw: (data: string | Uint8Array) => void process.stdout.write(data),
    frame: (payload: string) => `${payload}\n`,
  };
  // Without 2026-07-28, exactly today's 2025-11-25 server (server/discover: method not found).
  if (!offersModern(behaviour.protocol)) return void (await engine.connect(transport, hooks));
  serveStreamBothEras(engine, new JournaledTransport(transport, journal), hooks);
}

/** destroy() stops reading without an 'end' event (the server stays up, stdout open); libuv
 *  never closes fds 0-2 itself, so fd 0 is closed by hand once the handle is gone. */
function closeStdinAfterListing(transport: StdioServerTransport): void {
  const send = transport.send.bind(transport);
  transport.send = async (message) => {
    await send(message);
    if (!('result' in message) || !Array.isArray((message.result as { tools?: unknown }).tools)) return;
    process.stdin.once('close', () => closeSync(0));
    process.stdin.destroy();
  };
}

main().catch((error: unknown) => fatal(error instanceof Error ? error.message : String(error)));
