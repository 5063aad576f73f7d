// Entry of the faulty hosts: `node dist/harness/faulty-hosts/faulty-host-main.js --fault NAME
// chat [--continue]`. Runs refhost's chat loop with the fault's injected deps. Only the
// suite's self-test launches it (through createFaultyHostAdapter).
import { runChat } from '../../reference-host/chat/run-chat.js';
import { FAULTS, faultNames } from './faults.js';

const [flag, name, command, ...rest] = process.argv.slice(2);
const fault = name === undefined ? undefined : FAULTS[name];
if (flag !== '--fault' || fault === undefined || command !== 'chat') {
  process.stderr.write(`usage: faulty-host-main --fault (${faultNames().join('|')}) chat [--continue]\n`);
  process.exit(2);
}
const code = await runChat({ continue: rest.includes('--continue'), env: process.env, input: process.stdin, output: process.stdout, deps: fault.deps() });
fault.afterChat?.();
process.exit(code);
