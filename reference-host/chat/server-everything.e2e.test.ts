// End to end against the real @modelcontextprotocol/server-everything over stdio: the built
// refhost calls its image, resource-link and structured-content tools, and the model sees
// what RESULT-1 promises (media omitted, never base64; links listed, never opened;
// structured content only when there is no text), after the DISCOVER-3 status line.
// The server has no audio tool, so audio is covered by result-mapping's unit tests only.
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockModel, type MockModel } from '../../fake-servers/model/mock-model.js';
import { childGroups, DEADLINE_MS, ensureBuilt, groupsGone, refhostHome, removeRefhostHomes, ROOT, startRefhost, stopRefhost } from './test-fixtures/refhost-process.js';

const PACKAGE_DIR = path.join(ROOT, 'node_modules/@modelcontextprotocol/server-everything');
const ENTRY = path.join(PACKAGE_DIR, 'dist/index.js');
const API_KEY = 'sk-e2e-key';

/** The PNG the server sends (its own constant, so a changed image cannot slip past). */
async function tinyImageBase64(): Promise<string> {
  // A computed specifier: the package ships no type declarations.
  const module = (await import(pathToFileURL(path.join(PACKAGE_DIR, 'dist/tools/get-tiny-image.js')).href)) as { MCP_TINY_IMAGE: string };
  return module.MCP_TINY_IMAGE;
}

let child: ChildProcessWithoutNullStreams | null = null;
let serverGroups: number[] = [];
let model: MockModel | null = null;

afterEach(async () => {
  await stopRefhost(child, serverGroups);
  removeRefhostHomes();
  child = null;
  serverGroups = [];
  await model?.close();
  model = null;
});

describe('refhost chat with the real server-everything (built binary, stdio)', () => {
  beforeAll(ensureBuilt, 300_000);

  it('gives the model text for images, resource links and structured content, never base64', async () => {
    const image = await tinyImageBase64();
    const calls = [
      { server: 'everything', tool: 'get-tiny-image', arguments: {} },
      { server: 'everything', tool: 'get-annotated-message', arguments: { messageType: 'success', includeImage: true } },
      { server: 'everything', tool: 'get-resource-links', arguments: { count: 2 } },
      { server: 'everything', tool: 'get-structured-content', arguments: { location: 'Chicago' } },
    ];
    model = await startMockModel({ apiKey: API_KEY, script: [{ calls }, { message: 'all done' }] });
    const home = refhostHome({ everything: { command: process.execPath, args: [ENTRY, 'stdio'] } });
    const refhost = startRefhost(home, { baseUrl: model.baseUrl, apiKey: API_KEY }, ['chat']);
    child = refhost.child;
    const { exited, screen } = refhost;

    await screen.waitFor('You> ');
    serverGroups = childGroups(child.pid ?? 0);
    expect(serverGroups).toHaveLength(1);
    const status = screen.text().match(new RegExp(`^MCP server everything: (\\d+) tools from (.*)\nrefhost - `));
    expect(status?.[2]).toBe(`${process.execPath} ${ENTRY} stdio`);

    child.stdin.write('show me what the server returns\n');
    for (let approved = 1; approved <= calls.length; approved++) {
      await screen.waitFor('Approve this operation? [y/N] ', approved);
      child.stdin.write('y\n');
    }
    await screen.waitFor('You> ', 2);
    child.stdin.end();
    expect(await exited).toBe(0);
    // STDIO-5: refhost stopped the server's process group before it exited.
    await groupsGone(serverGroups, DEADLINE_MS);

    const requests = model.journal.requests();
    expect(model.journal.unresolved()).toEqual([]);
    expect(requests).toHaveLength(2);
    // The only server: the status line counts exactly the tools offered besides the built-ins
    // (read_mcp_resource too: server-everything lists resources).
    const offered = requests[0]?.tools.filter((t) => t.name !== 'read_file' && t.name !== 'read_mcp_resource') ?? [];
    expect(offered.length).toBeGreaterThanOrEqual(calls.length);
    expect(Number(status?.[1])).toBe(offered.length);

    const outputs = requests[1]?.functionCallOutputs.map((o) => o.parsed) ?? [];
    expect(outputs).toEqual([
      {
        status: 'completed',
        output: "Here's the image you requested:\n[image omitted: image/png]\nThe image above is the MCP logo.",
      },
      { status: 'completed', output: 'Operation completed successfully\n[image omitted: image/png]' },
      {
        status: 'completed',
        output: expect.stringMatching(/^Here are 2 resource links to resources available in this server:\n/),
      },
      // The tool sends its structured content as text too, so the text alone reaches the model.
      { status: 'completed', output: '{"temperature":36,"conditions":"Light rain / drizzle","humidity":82}' },
    ]);
    const links = String(outputs[2]?.output).split('\n').slice(1);
    expect(links).toHaveLength(2);
    for (const [i, link] of links.entries()) {
      expect(link).toMatch(new RegExp(`^\\[resource link: .+ demo://resource/dynamic/(text|blob)/${i + 1} — not opened\\]$`));
    }

    // RESULT-1: not the whole image, not any 64-character slice of it, in any request.
    const sent = requests.map((r) => JSON.stringify(r.body)).join('\n');
    for (let start = 0; start + 64 <= image.length; start += 64) expect(sent.includes(image.slice(start, start + 64))).toBe(false);
    expect(screen.text()).toContain('Assistant> all done\nYou> ');
  }, 30_000);
});
