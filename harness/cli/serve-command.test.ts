// `serve --scenario NAME` from the harness CLI: a real scenario's fakes, reached with the
// SDK client and the openai client; an unknown name is refused with the close names.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import OpenAI from 'openai';
import { afterEach, describe, expect, it } from 'vitest';
import { startServe } from '../../fake-servers/serve/test-fixtures/serve-driver.js';
import { serveWithScenarios } from './serve-command.js';

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const serve = (argv: string[]) => startServe(serveWithScenarios, argv, cleanups);

interface Printed {
  addresses: { model: string; servers: Record<string, { url: string }>; trap?: string };
  snippet: { mcpServers: Record<string, { url: string; headers?: Record<string, string> }> };
}

function printed(stdout: string): Printed {
  const [first = '', ...rest] = stdout.split('\n');
  return { addresses: JSON.parse(first) as Printed['addresses'], snippet: JSON.parse(rest.join('\n')) as Printed['snippet'] };
}

describe('serve --scenario', () => {
  it('serves approve-once-then-deny: its docs server, and a model that calls docs/search', async () => {
    const run = serve(['--scenario', 'approve-once-then-deny']);
    await run.ready;
    const { addresses, snippet } = printed(run.stdout.text);
    expect(addresses.model).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/v1$/);
    expect(Object.keys(addresses.servers)).toEqual(['docs']);
    expect(snippet.mcpServers).toEqual({ docs: { url: addresses.servers.docs?.url } });
    expect(run.stderr.text).toContain(
      'note: its user: send "Find the release notes three times."; approval "approve"; approval "approve"; approval "deny"; end "eof"',
    );

    const docs = new Client({ name: 'test', version: '1' });
    await docs.connect(new StreamableHTTPClientTransport(new URL(addresses.servers.docs?.url ?? '')));
    cleanups.push(() => docs.close());
    expect((await docs.listTools()).tools.map((t) => t.name)).toEqual(['search']);
    const model = new OpenAI({ baseURL: addresses.model, apiKey: 'sk-any', maxRetries: 0 });
    const answer = await model.responses.create({
      model: 'm',
      input: 'hi',
      tools: [{ type: 'function', name: 'mcp_docs_search', parameters: {}, strict: false }],
    });
    expect(answer.output[0]).toMatchObject({ type: 'function_call', name: 'mcp_docs_search', arguments: '{"query":"release notes"}' });
  });

  it('builds behaviours from the trap and prints fresh canaries for "{canary}" headers', async () => {
    const run = serve(['--scenario', 'cred-auth-rejected-no-oauth']);
    await run.ready;
    const { addresses, snippet } = printed(run.stdout.text);
    const trapOrigin = new URL(addresses.trap ?? '').origin;
    expect(snippet.mcpServers.docs?.headers?.Authorization).toMatch(/^Bearer cnry-[a-z0-9-]+-.{32}$/);
    expect(snippet.mcpServers.wiki?.headers?.['X-Api-Key']).toMatch(/^cnry-/);
    const challenge = await fetch(addresses.servers.docs?.url ?? '', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    expect(challenge.status).toBe(401);
    expect(challenge.headers.get('www-authenticate')).toContain(`${trapOrigin}/.well-known/oauth-protected-resource`);
    run.stop();
    expect(await run.exit).toBe(0);
    expect(run.stdout.text).toContain('trap: 0 request(s)');
  });

  it('refuses an unknown scenario with exit 2, naming the close names', async () => {
    const run = serve(['--scenario', 'approve-once-then-dny']);
    expect(await run.exit).toBe(2);
    expect(run.stderr.text).toMatch(/^unknown scenario "approve-once-then-dny"; close names: approve-once-then-deny, /);
    expect(run.stdout.text).toBe('');
  });
});
