import { describe, expect, it } from 'vitest';
import { parseServerBehaviour, type ServerBehaviour } from './behaviour.js';
import { encodeBehaviourArg, parseStdioArgs, stdioArgs } from './stdio-args.js';

const full: ServerBehaviour = {
  name: 'files',
  instructions: 'Read files.',
  stages: { initialize: { kind: 'delay', delayMs: 10 }, 'tools/list': { kind: 'never', page: 1 } },
  tools: [
    {
      name: 'read',
      inputSchema: { type: 'object' },
      annotations: { readOnlyHint: true },
      outcomes: [{ kind: 'sized-text', bytes: 10, fill: 'utf8-mixed' }],
      outcome: { kind: 'echo' },
    },
  ],
  generateTools: { count: 3 },
  toolsList: { pages: 2, definitionsBytes: 1000 },
  listChanged: { tools: [{ name: 'new', outcome: { kind: 'redirect', status: 303, location: '/x' } }] },
  http: { flavour: 'sse' },
};
const journal = { address: '127.0.0.1:4000', id: '/tmp/run/journal-0a1b' };

describe('ServerBehaviourSchema', () => {
  it('names the path of a wrong field', () => {
    expect(() => parseServerBehaviour({ tools: [{ name: 't', outcome: { kind: 'explode' } }] })).toThrow(/behaviour\.tools\[0\]\.outcome\.kind/);
  });

  it('rejects unknown keys, naming where they are', () => {
    expect(() => parseServerBehaviour({ tools: [{ name: 't', outcome: { kind: 'echo', delayMS: 5 } }] })).toThrow(/behaviour\.tools\[0\]\.outcome: .*delayMS/);
  });

  it('rejects a redirect status outside 3xx, naming the stage', () => {
    expect(() => parseServerBehaviour({ stages: { initialize: { kind: 'redirect', status: 200, location: '/' } } })).toThrow(
      /behaviour\.stages\.initialize\.status/,
    );
  });

  it('has no page on a call outcome', () => {
    expect(() => parseServerBehaviour({ tools: [{ name: 't', outcome: { kind: 'never', page: 0 } }] })).toThrow(/behaviour\.tools\[0\]\.outcome: .*page/);
  });

  it('survives JSON and the argv encoding unchanged', () => {
    expect(parseServerBehaviour(JSON.parse(JSON.stringify(full)))).toEqual(full);
    expect(parseStdioArgs(stdioArgs(full, journal))).toEqual({ behaviour: full, journal });
    expect(parseStdioArgs(['--behaviour', JSON.stringify(full), '--journal', journal.address, '--journal-id', journal.id]).behaviour).toEqual(full);
  });

  it('puts only shell-safe words on the command line', () => {
    expect(stdioArgs(full, journal).every((word) => /^[\w./:=-]+$/.test(word))).toBe(true);
  });

  it('reports missing or unreadable stdio arguments clearly', () => {
    expect(() => parseStdioArgs(['--journal', 'j', '--journal-id', 'i'])).toThrow('missing argument --behaviour');
    expect(() => parseStdioArgs(['--behaviour', encodeBehaviourArg({}), '--journal', 'j'])).toThrow('missing argument --journal-id');
    expect(() => parseStdioArgs(['--behaviour', '!!!', '--journal', 'j', '--journal-id', 'i'])).toThrow(/neither JSON nor base64url/);
  });
});
