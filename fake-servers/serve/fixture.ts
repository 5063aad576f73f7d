// What `mcp-host-conformance serve` starts: named fake MCP servers (each HTTP or stdio)
// and the scripted model. A behaviour file is this shape as JSON; a mistake is reported
// with the file and the field path, never a stack trace.
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { SERVER_NAME_PATTERN } from '../../common/mcp-server-name.js';
import { ServerBehaviourSchema } from '../mcp/behaviour.js';
import type { Trap } from '../mcp/trap.js';
import { ModelStepDataSchema, type ModelStep } from '../model/script.js';

const ConfiguredValuesSchema = z.record(z.string().min(1), z.string());

export const FixtureServerSchema = z.strictObject({
  transport: z.enum(['http', 'stdio']),
  behaviour: ServerBehaviourSchema,
  /** Request headers (http) the host is configured to send; printed in the snippet. */
  headers: ConfiguredValuesSchema.optional(),
  /** Environment (stdio) the host is configured to give; printed in the snippet. */
  env: ConfiguredValuesSchema.optional(),
});
export type FixtureServer = z.infer<typeof FixtureServerSchema>;

export const ServeFixtureSchema = z.strictObject({
  servers: z.record(z.string().regex(SERVER_NAME_PATTERN, 'server names use letters, digits, "_" and "-" (at most 32)'), FixtureServerSchema),
  model: z.strictObject({ script: z.array(ModelStepDataSchema), apiKey: z.string().min(1).optional() }).optional(),
});
export type ServeFixture = z.infer<typeof ServeFixtureSchema>;

/** One mcpServers entry in the common config shape. */
export type McpServerEntry = { url: string; headers?: Record<string, string> } | { command: string; args: string[]; env?: Record<string, string> };

/**
 * A fixture built in code (a scenario resolved by the harness): model steps may be functions
 * of the request, replayed as-is; `listed` entries have no fake behind them and are only
 * printed; `trap`, if given, is owned (reported and closed) by the running fixture.
 */
export interface ServeFixtureSpec {
  servers: Record<string, FixtureServer>;
  model?: { script: readonly ModelStep[]; apiKey?: string };
  listed?: Record<string, McpServerEntry>;
  notes?: readonly string[];
  trap?: Trap;
}

export class FixtureError extends Error {
  override name = 'FixtureError';
}

const formatPath = (path: readonly PropertyKey[]): string => path.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');

/** Validates a fixture; the error lists each bad field as `SOURCE.servers.docs.behaviour.tools[0].name: ...`. */
export function parseFixture(input: unknown, source: string): ServeFixture {
  const result = ServeFixtureSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${source}${formatPath(issue.path)}: ${issue.message}`);
  throw new FixtureError(`invalid serve fixture:\n${problems.join('\n')}`);
}

export function readFixtureFile(file: string): ServeFixture {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new FixtureError(`cannot read behaviour file ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FixtureError(`behaviour file ${file} is not JSON: ${(error as Error).message}`);
  }
  return parseFixture(json, file);
}

/** Well-behaved tools for pointing a host at the suite by hand. */
export const DEFAULT_FIXTURE: ServeFixture = {
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        name: 'docs',
        tools: [
          {
            name: 'search',
            description: 'Searches the documentation and returns matching page ids.',
            inputSchema: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
            annotations: { readOnlyHint: true },
            outcome: { kind: 'content', content: [{ type: 'text', text: 'page-1: Getting started\npage-2: Configuration' }] },
          },
          {
            name: 'fetch',
            description: 'Fetches one documentation page by id.',
            inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
            outcome: { kind: 'content', content: [{ type: 'text', text: '# Getting started\nInstall, configure, run.' }] },
          },
        ],
      },
    },
    echo: {
      transport: 'stdio',
      behaviour: {
        name: 'echo',
        tools: [
          {
            name: 'echo',
            description: 'Answers with its arguments as JSON.',
            inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
            outcome: { kind: 'echo' },
          },
        ],
      },
    },
  },
  model: {
    script: [
      { calls: [{ server: 'docs', tool: 'search', arguments: { query: 'getting started' } }] },
      { calls: [{ server: 'echo', tool: 'echo', arguments: { text: 'hello from the mock model' } }] },
      { message: 'Both tools answered; the default fixture is done.' },
    ],
  },
};
