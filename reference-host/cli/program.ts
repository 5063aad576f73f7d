// The refhost command line: commander wiring only; each command lives in its own file.
// Usage errors and command failures end as one line on stderr with exit code 2 or 1,
// never a stack trace. Arguments after `--` are kept verbatim (STDIO-1).
import { Command, CommanderError, Option } from 'commander';
import { chat } from './chat.js';
import type { CliDeps } from './cli-deps.js';
import { CliError, EXIT_FAILURE, EXIT_USAGE, type CliIo } from './cli-io.js';
import { mcpAdd, type McpAddOptions } from './mcp-add.js';
import { mcpList } from './mcp-list.js';
import { mcpRemove } from './mcp-remove.js';
import { sessionsList } from './sessions-list.js';
import { packageVersion } from './version.js';

const collect = (value: string, previous: string[]): string[] => [...previous, value];

function oneLine(text: string): string {
  return text.trim().replace(/^error: /, '').replace(/\s*\n\s*/g, ' ');
}

function buildProgram(io: CliIo, deps: CliDeps, setExit: (code: number) => void): Command {
  const program = new Command('refhost')
    .description('A small agent CLI with MCP tools (the conformance suite\'s reference host).')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
      outputError: (text, write) => write(`refhost: ${oneLine(text)} (see refhost --help)\n`),
    })
    .showSuggestionAfterError(true)
    .version(packageVersion(), '--version', 'print the version');

  program
    .command('chat', { isDefault: true })
    .description('chat with the model, using the configured MCP servers')
    .addOption(new Option('--resume <id>', 'resume a saved session').conflicts('continue'))
    .option('--continue', 'resume the most recent session')
    .action(async (options: { resume?: string; continue?: boolean }) => setExit(await chat(options, io)));

  const mcp = program.command('mcp').description('manage MCP servers (adding never connects)');
  mcp
    .command('add')
    .description('add a remote server (--url) or a stdio server (-- COMMAND [ARG...]); values are asked for with echo off')
    .argument('<name>', 'server name')
    .argument('[command...]', 'stdio server command and arguments, after --')
    .option('--url <url>', 'remote server URL (https; http only for loopback)')
    .addOption(new Option('--transport <kind>', 'remote server transport: http (Streamable HTTP, the default) or sse (legacy HTTP+SSE)').choices(['http', 'sse']))
    .option('--header <name>', 'header to send; its value is asked for (repeatable)', collect, [])
    .option('--env <name>', 'environment variable for a stdio server; its value is asked for (repeatable)', collect, [])
    .action(async (name: string, command: string[], options: McpAddOptions) => setExit(await mcpAdd(name, options, command, io, deps)));
  mcp
    .command('list')
    .description('list servers; header and environment values are hidden')
    .action(() => setExit(mcpList(io, deps)));
  mcp
    .command('remove')
    .description('remove a server')
    .argument('<name>', 'server name')
    .action((name: string) => setExit(mcpRemove(name, io)));

  program
    .command('sessions')
    .description('list saved sessions, newest first')
    .action(() => setExit(sessionsList(io)));
  return program;
}

/**
 * Runs one command line (without the node and script words); resolves to the exit code.
 * `deps`: seams for the suite's faulty hosts only (refhost's entry passes none).
 */
export async function runCli(argv: readonly string[], io: CliIo, deps: CliDeps = {}): Promise<number> {
  let code = 0;
  const program = buildProgram(io, deps, (c) => {
    code = c;
  });
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      const informational = ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code);
      return informational ? error.exitCode : EXIT_USAGE;
    }
    io.stderr.write(`refhost: ${oneLine(error instanceof Error ? error.message : String(error))}\n`);
    return error instanceof CliError ? error.exitCode : EXIT_FAILURE;
  }
}
