// mcp-host-conformance: wires one command per file, and gives every command --version,
// --help and the same failure contract: a usage or input mistake is one line on stderr
// naming the input, exit 2, never a stack trace (commander's own errors included).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { EXIT_USAGE } from '../conformance/run-result.js';
import { HarnessError, oneLine } from '../errors.js';
import { ReportError } from '../report/report-error.js';
import { suiteRoot } from '../suite-root.js';
import { registerReportCommands } from './report-commands.js';
import { registerReproCommand } from './repro-command.js';
import { registerRunCommand } from './run-command.js';
import { registerServeCommand } from './serve-command.js';

const NAME = 'mcp-host-conformance';
const EXIT_CODES = `
Exit codes:
  0  every check conforms (or every failure is listed in --expected-failures)
  1  checks failed, or the run had a HARNESS-ERROR (never a conformant run)
  2  usage or input error (flags, host profile, --out, expected-failures file, shard,
     an empty selection, a host that cannot start): one line on stderr, nothing run
  130, 143  run stopped by SIGINT or SIGTERM: every process of the run stopped, the report of
     the scenarios that finished written, marked incomplete (a second signal kills at once)`;

const { version } = JSON.parse(readFileSync(join(suiteRoot(), 'package.json'), 'utf8')) as { version: string };

function everyCommand(command: Command): Command[] {
  return [command, ...command.commands.flatMap(everyCommand)];
}

const program = new Command(NAME).description('conformance suite for MCP-tool hosts');
registerRunCommand(program);
registerServeCommand(program);
registerReportCommands(program);
registerReproCommand(program);
for (const command of everyCommand(program)) {
  command
    .version(version, '-V, --version', 'print the version')
    .addHelpText('after', EXIT_CODES)
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`${NAME}: ${oneLine(text.replace(/^error: /, ''))}\n`) });
}

// `... | head` closing the pipe is not an error worth a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) {
    // Help and --version end with 0; every other commander error was printed by outputError.
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_USAGE;
  } else if (error instanceof HarnessError || error instanceof ReportError) {
    // Multi-line messages are kept only where they carry a host's output (preflight).
    process.stderr.write(`${NAME}: ${error.code === 'HOST_START' ? error.message : oneLine(error.message)}\n`);
    process.exitCode = EXIT_USAGE;
  } else {
    throw error;
  }
}
