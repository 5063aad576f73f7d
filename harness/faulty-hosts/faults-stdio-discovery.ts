// Faults for the STDIO, DISCOVER, TRANSPORT scenarios: each breaks one guarantee through the
// McpDeps seams (spawnStdio, runConnects) or by wrapping ChatDeps.connect / the model client.
import { spawn, type ChildProcess } from 'node:child_process';
import { connectAll, type McpDeps } from '../../reference-host/mcp/connect-all.js';
import { isHttpServer, type McpConfig } from '../../reference-host/config/schema.js';
import { mcpConfigFile } from '../../reference-host/config/paths.js';
import { readMcpConfig } from '../../reference-host/config/mcp-config-file.js';
import { createOpenAiModelClient } from '../../reference-host/chat/model-client.js';
import { BUILTIN_TOOL_NAMES, buildToolCatalog } from '../../reference-host/chat/tool-catalog.js';
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import type { McpConnections } from '../../reference-host/mcp/types.js';
import type { SpawnStdio } from '../../reference-host/mcp/stdio-transport.js';
import { connectWith, withDeadlines, type Fault } from './fault-kit.js';

const withSpawn =
  (spawnStdio: SpawnStdio): (() => ChatDeps) =>
  () => ({ connect: connectWith({ spawnStdio }) });

/** refhost's spawn, then `watch` on the child: a fault that reacts to what the server does. */
const watchedSpawn =
  (watch: (child: ChildProcess, crash: (why: string) => void) => void): SpawnStdio =>
  (command, args, options) => {
    const child = spawn(command, [...args], options);
    // Thrown outside the emitting event, so refhost's own listeners still run: a host bug, not a harness one.
    watch(child, (why) =>
      process.nextTick(() => {
        throw new Error(why);
      }),
    );
    return child;
  };

/** The running chat's connections with some fields replaced. */
function connectOverriding(override: (connections: McpConnections) => Partial<McpConnections>, mcp: McpDeps = {}): ChatDeps['connect'] {
  return async (config, options) => {
    const connections = await connectAll(config, options, mcp);
    return Object.assign(Object.create(connections) as McpConnections, override(connections));
  };
}

const onlyServers = (config: McpConfig, keep: (server: McpConfig['mcpServers'][string]) => boolean): McpConfig => ({
  mcpServers: Object.fromEntries(Object.entries(config.mcpServers).filter(([, s]) => keep(s))),
});

/** Connects every server anew before each model request and offers what it lists then. */
function refreshingModelClient(): ChatDeps['createModelClient'] {
  return (settings) => {
    const client = createOpenAiModelClient(settings);
    return {
      respond: async (request) => {
        const fresh = await connectAll(readMcpConfig(mcpConfigFile(process.env)), {
          connectTimeoutMs: 5000,
          callTimeoutMs: 5000,
          builtinNames: BUILTIN_TOOL_NAMES,
        });
        try {
          return await client.respond({ ...request, tools: buildToolCatalog(fresh.tools).definitions });
        } finally {
          await fresh.close();
        }
      },
    };
  };
}

export const STDIO_DISCOVERY_FAULTS: Readonly<Record<string, Fault>> = {
  'use-shell': {
    breaks: 'STDIO-1: stdio commands run through /bin/sh',
    deps: withSpawn((command, args, options) => spawn(command, [...args], { ...options, shell: true })),
  },
  'shared-group': {
    breaks: "STDIO-2: stdio servers stay in the host's process group",
    deps: withSpawn((command, args, options) => spawn(command, [...args], { ...options, detached: false })),
  },
  'show-stderr': {
    breaks: "STDIO-4: stdio servers' stderr goes to the host's terminal",
    deps: withSpawn((command, args, options) => spawn(command, [...args], { ...options, stdio: ['pipe', 'pipe', 'inherit'] })),
  },
  'crash-on-garbage': {
    breaks: 'STDIO-6: a non-JSON line on a stdio server stdout throws in the host',
    deps: withSpawn(
      watchedSpawn((child, crash) => {
        let lineStart = true;
        child.stdout?.on('data', (chunk: Buffer) => {
          const text = chunk.toString('utf8');
          const lines = text.split('\n');
          const firsts = lineStart ? lines : lines.slice(1);
          if (firsts.some((line) => line !== '' && !line.startsWith('{'))) crash('unexpected output from a stdio server');
          lineStart = text.endsWith('\n');
        });
      }),
    ),
  },
  'crash-on-server-exit': {
    breaks: 'STDIO-6: a stdio server exiting with an error code throws in the host',
    deps: withSpawn(
      watchedSpawn((child, crash) =>
        child.on('exit', (code) => {
          if (code !== null && code !== 0) crash(`stdio server exited with code ${code}`);
        }),
      ),
    ),
  },
  'serial-connect': {
    breaks: 'DISCOVER-2: servers are connected one after another',
    deps: () => ({
      connect: connectWith({
        runConnects: async (jobs) => {
          const results = [];
          for (const job of jobs) results.push(await job());
          return results;
        },
      }),
    }),
  },
  'no-connect-deadline': {
    breaks: 'DISCOVER-2: start-up waits for a server that never answers',
    deps: () => withDeadlines({ connectTimeoutMs: 2 ** 31 - 1 }),
  },
  'connect-deadline-15s': {
    breaks: 'DISCOVER-2: the connect deadline is 15 s, not 10 s',
    deps: () => withDeadlines({ connectTimeoutMs: 15_000 }),
  },
  'no-status-lines': {
    breaks: 'DISCOVER-3: no status line is printed for any server',
    deps: () => ({ connect: connectOverriding(() => ({ statuses: [] })) }),
  },
  'abort-on-broken-server': {
    breaks: 'DISCOVER-4: one unavailable server stops the whole host',
    deps: () => ({
      connect: async (config, options) => {
        const connections = await connectAll(config, options);
        const broken = connections.statuses.find((s) => !s.ok);
        if (broken === undefined) return connections;
        await connections.close();
        throw new Error(`MCP server ${broken.server} is unavailable`);
      },
    }),
  },
  'refresh-on-list-changed': {
    breaks: 'DISCOVER-5: every model request silently offers the tools listed at that moment',
    deps: () => ({ createModelClient: refreshingModelClient() }),
  },
  'no-http': {
    breaks: 'TRANSPORT-1: Streamable HTTP servers are silently left out',
    deps: () => ({
      connect: (config, options) =>
        connectAll(
          onlyServers(config, (s) => !isHttpServer(s)),
          options,
        ),
    }),
  },
};
