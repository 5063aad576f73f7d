// `serve` end to end: real SDK clients and the openai client use the printed addresses.
// The stdio fake runs from dist: build first (npx tsc -p tsconfig.build.json).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { DetachedStdioTransport } from '../mcp/test-fixtures/clients.js';
import { runServe } from './run-serve.js';
import { startServe } from './test-fixtures/serve-driver.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const serve = (argv: string[]) => startServe(runServe, argv, cleanups);

describe('runServe', () => {
  it('serves the default fixture, prints addresses and a snippet, then what each part saw', async () => {
    const run = serve([]);
    await run.ready;
    const [first = '', ...rest] = run.stdout.text.split('\n');
    const addresses = JSON.parse(first) as { model: string; servers: { docs: { url: string }; echo: { command: string[] } } };
    expect(addresses.model).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(JSON.parse(rest.join('\n'))).toEqual({
      mcpServers: {
        docs: { url: addresses.servers.docs.url },
        echo: { command: addresses.servers.echo.command[0], args: addresses.servers.echo.command.slice(1) },
      },
    });

    const docs = new Client({ name: 'test', version: '1' });
    await docs.connect(new StreamableHTTPClientTransport(new URL(addresses.servers.docs.url)));
    cleanups.push(() => docs.close());
    await docs.callTool({ name: 'search', arguments: { query: 'x' } });
    const [command = '', ...args] = addresses.servers.echo.command;
    const echo = new Client({ name: 'test', version: '1' });
    // Its own process group, so the cleanup stops the fake's child too (the SDK's stdio
    // transport kills only the server and left that child running).
    const echoTransport = new DetachedStdioTransport({ command, args });
    cleanups.push(() => echoTransport.killGroup());
    await echo.connect(echoTransport);
    await echo.callTool({ name: 'echo', arguments: { text: 'hi' } });
    const model = new OpenAI({ baseURL: addresses.model, apiKey: 'sk-any', maxRetries: 0 });
    const answer = await model.responses.create({
      model: 'm',
      input: 'hi',
      tools: [{ type: 'function', name: 'mcp_docs_search', parameters: {}, strict: false }],
    });
    expect(answer.output[0]).toMatchObject({ type: 'function_call', name: 'mcp_docs_search' });

    // A host disconnects before the user stops serve.
    await docs.close();
    await echo.close();
    const printed = run.stdout.text.length;
    run.stop();
    expect(await run.exit).toBe(0);
    const summary = run.stdout.text.slice(printed);
    expect(summary).toContain('model: 1 request(s), 0 rejected');
    expect(summary).toMatch(/server docs: initialize×1, .*tools\/call×1/);
    expect(summary).toContain('tools/call search {"query":"x"}');
    expect(summary).toContain('tools/call echo {"text":"hi"}');
  });

  it('rejects a behaviour file with a mistake, naming the file and the field', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'fixture.json');
    writeFileSync(file, JSON.stringify({ servers: { docs: { transport: 'http', behaviour: { tools: [{ nam: 'x' }] } } } }));
    const run = serve(['--behaviour', file]);
    expect(await run.exit).toBe(2);
    expect(run.stderr.text).toContain(`${file}.servers.docs.behaviour.tools[0].name:`);
    expect(run.stdout.text).toBe('');
  });

  it('serves a behaviour file with its own model script', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'serve-test-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'fixture.json');
    const fixture = { servers: { a: { transport: 'http', behaviour: { http: { requireBearer: 'tok' } } } }, model: { script: [{ message: 'from file' }] } };
    writeFileSync(file, JSON.stringify(fixture));
    const run = serve(['--behaviour', file]);
    await run.ready;
    const addresses = JSON.parse(run.stdout.text.split('\n')[0] ?? '') as { model: string; servers: { a: { url: string } } };
    expect(run.stdout.text).toContain('"Authorization": "Bearer tok"');
    const model = new OpenAI({ baseURL: addresses.model, apiKey: 'sk-any', maxRetries: 0 });
    expect((await model.responses.create({ model: 'm', input: 'hi' })).output_text).toBe('from file');
  });

  it('refuses --scenario without a scenario source, and unknown options', async () => {
    const scenario = serve(['--scenario', 'basic']);
    expect(await scenario.exit).toBe(2);
    expect(scenario.stderr.text).toContain('--scenario basic: scenarios are served by the mcp-host-conformance CLI only');
    const unknown = serve(['--port', '1']);
    expect(await unknown.exit).toBe(2);
    expect(unknown.stderr.text).toContain('usage: mcp-host-conformance serve');
  });
});

describe('runServe with a scenario source', () => {
  it('serves the resolved fixture: function model steps, configured headers, listed entries and notes', async () => {
    const run = startServe(
      (argv, io) =>
        runServe(argv, io, {
          resolveScenario: async (name) => ({
            servers: { docs: { transport: 'http', behaviour: {}, headers: { 'X-Api-Key': 'k1' } } },
            listed: { refused: { url: 'http://example.invalid/mcp' } },
            model: { script: [(request) => ({ message: `${name} answers request ${request.index}` })] },
            notes: ['a note'],
          }),
        }),
      ['--scenario', 'made-up'],
      cleanups,
    );
    await run.ready;
    const [first = '', ...rest] = run.stdout.text.split('\n');
    const addresses = JSON.parse(first) as { model: string; servers: { docs: { url: string }; refused: { url: string } } };
    expect(addresses.servers.refused).toEqual({ url: 'http://example.invalid/mcp' });
    expect(JSON.parse(rest.join('\n'))).toEqual({
      mcpServers: { docs: { url: addresses.servers.docs.url, headers: { 'X-Api-Key': 'k1' } }, refused: { url: 'http://example.invalid/mcp' } },
    });
    expect(run.stderr.text).toBe('note: a note\n');
    const model = new OpenAI({ baseURL: addresses.model, apiKey: 'sk-any', maxRetries: 0 });
    expect((await model.responses.create({ model: 'm', input: 'hi' })).output_text).toBe('made-up answers request 0');
  });
});
