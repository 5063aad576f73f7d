import { describe, expect, it } from 'vitest';
import { assertBehaviourFitsTransport, parseServerBehaviour, type ServerBehaviour } from './behaviour.js';
import { encodeBehaviourArg, parseStdioArgs } from './stdio-args.js';

const full: ServerBehaviour = {
  name: 'files',
  instructions: 'Read files.',
  initialize: { kind: 'answer', delayMs: 10 },
  tools: [
    { name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true }, outcomes: [{ kind: 'sized-text', bytes: 10 }], outcome: { kind: 'echo' } },
  ],
  generateTools: { count: 3 },
  toolsList: { pages: 2, padBytes: 100 },
  listChanged: { tools: [{ name: 'new' }] },
  http: { flavour: 'sse', faults: [{ kind: 'redirect', status: 302, location: '/x', methods: ['tools/call'] }] },
};

describe('ServerBehaviourSchema', () => {
  it('names the path of a wrong field', () => {
    expect(() => parseServerBehaviour({ tools: [{ name: 't', outcome: { kind: 'explode' } }] })).toThrow(/behaviour\.tools\[0\]\.outcome\.kind/);
  });

  it('rejects unknown keys, naming where they are', () => {
    expect(() => parseServerBehaviour({ tools: [{ name: 't', outcome: { kind: 'echo', delayMS: 5 } }] })).toThrow(/behaviour\.tools\[0\]\.outcome: .*delayMS/);
  });

  it('rejects a redirect status outside 3xx', () => {
    expect(() => parseServerBehaviour({ http: { faults: [{ kind: 'redirect', status: 200, location: '/' }] } })).toThrow(/behaviour\.http\.faults\[0\]\.status/);
  });

  it('survives JSON and the argv encoding unchanged', () => {
    expect(parseServerBehaviour(JSON.parse(JSON.stringify(full)))).toEqual(full);
    const args = ['--behaviour', encodeBehaviourArg(full), '--journal', '/tmp/j.jsonl'];
    expect(parseStdioArgs(args)).toEqual({ behaviour: full, journalFile: '/tmp/j.jsonl' });
    expect(parseStdioArgs(['--behaviour', JSON.stringify(full), '--journal', 'j']).behaviour).toEqual(full);
  });

  it('reports missing or unreadable stdio arguments clearly', () => {
    expect(() => parseStdioArgs(['--journal', 'j'])).toThrow('missing argument --behaviour');
    expect(() => parseStdioArgs(['--behaviour', '!!!', '--journal', 'j'])).toThrow(/neither JSON nor base64url/);
  });

  it('refuses outcomes the transport cannot produce', () => {
    expect(() => assertBehaviourFitsTransport({ tools: [{ name: 'a', outcomes: [{ kind: 'exit' }] }] }, 'http')).toThrow(/tools\[0\] \("a"\): outcome "exit" is not possible over http/);
    expect(() => assertBehaviourFitsTransport({ listChanged: { tools: [{ name: 'b', outcome: { kind: 'drop' } }] } }, 'stdio')).toThrow(/listChanged\.tools\[0\]/);
  });
});
