// mcp-host-conformance: wires one command per file; nothing else lives here.
import { Command } from 'commander';
import { registerReportCommands } from './report-commands.js';
import { registerRunCommand } from './run-command.js';
import { registerServeCommand } from './serve-command.js';

const program = new Command('mcp-host-conformance').description('conformance suite for MCP-tool hosts');
registerRunCommand(program);
registerServeCommand(program);
registerReportCommands(program);
await program.parseAsync(process.argv);
