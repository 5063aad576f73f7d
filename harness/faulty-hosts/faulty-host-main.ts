// Entry of the faulty hosts, bundled like refhost (scripts/bundle-refhost.mjs) so that each
// starts as refhost does: `node dist/harness/faulty-hosts/faulty-host.mjs --fault NAME chat
// [--continue]` runs refhost's chat loop with the fault's injected deps; `... --fault NAME mcp
// add|list|remove ...` runs refhost's mcp commands with its CLI seams. Only the suite's
// self-test launches it (through createFaultyHostAdapter). No top-level await: the bundle is CommonJS.
import { runChat } from '../../reference-host/chat/run-chat.js';
import { runCli } from '../../reference-host/cli/program.js';
import { FAULTS, faultNames } from './faults.js';

const [flag, name, command, ...rest] = process.argv.slice(2);
const fault = name === undefined ? undefined : FAULTS[name];

async function main(): Promise<number> {
  if (flag !== '--fault' || fault === undefined || (command !== 'chat' && command !== 'mcp')) {
    process.stderr.write(`usage: faulty-host-main --fault (${faultNames().join('|')}) (chat [--continue] | mcp ...)\n`);
    return 2;
  }
  if (command === 'mcp') {
    const io = { env: process.env, stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
    return runCli(['mcp', ...rest], io, fault.cliDeps?.() ?? {});
  }
  const code = await runChat({ continue: rest.includes('--continue'), env: process.env, input: process.stdin, output: process.stdout, deps: fault.deps() });
  await fault.afterChat?.();
  return code;
}

void main().then((code) => process.exit(code));
