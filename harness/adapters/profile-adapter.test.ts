import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { classifyWithProfile, createProfileAdapter } from './profile-adapter.js';
import { HostProfileSchema, loadHostProfile } from './profile-schema.js';
import { REFERENCE_PROFILE_PATH } from './reference-host-adapter.js';

const adapter = createProfileAdapter(loadHostProfile(REFERENCE_PROFILE_PATH));
let sandbox: Sandbox | null = null;
afterEach(() => sandbox?.cleanup());

describe('the profile adapter for the governance features', () => {
  test('the policy pack is written as given, private, where the profile says', () => {
    sandbox = createSandbox('profile-policy');
    adapter.capabilities.policy?.write(sandbox, { servers: { docs: { callsPerMinute: 'fast' } } });
    const file = `${sandbox.configHome}/refhost/policy.json`;
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ servers: { docs: { callsPerMinute: 'fast' } } });
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  test('telemetry is read as records, with lines that are not objects kept as problems', () => {
    sandbox = createSandbox('profile-telemetry');
    expect(adapter.capabilities.telemetry?.read(sandbox)).toEqual({ file: '$XDG_DATA_HOME/refhost/telemetry.jsonl', raw: '', records: [], problems: [] });
    const file = `${sandbox.dataHome}/refhost/telemetry.jsonl`;
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, '{"server":"docs"}\nnot json\n[1]\n');
    const seen = adapter.capabilities.telemetry?.read(sandbox);
    expect(seen?.records).toEqual([{ server: 'docs' }]);
    expect(seen?.problems).toEqual(['not json', '[1]']);
  });

  test('configured server names are read back from the JSON configuration', () => {
    sandbox = createSandbox('profile-config-names');
    expect(adapter.config.read(sandbox)).toEqual({ servers: [] });
    adapter.config.write(sandbox, { docs: { url: 'https://x', headers: {} }, notes: { command: 'n', args: [], env: {} } });
    expect(adapter.config.read(sandbox)).toEqual({ servers: ['docs', 'notes'] });
    writeFileSync(`${sandbox.configHome}/refhost/mcp.json`, '{"mcpServers": ');
    expect(adapter.config.read(sandbox)).toMatchObject({ problem: expect.stringMatching(/no longer valid JSON/) });
  });

  test('prompt commands are filled from the profile', () => {
    expect(adapter.capabilities.prompts?.line('docs', 'greet', { name: 'Ada', tone: 'dry' })).toBe('/prompt docs greet name=Ada tone=dry');
    expect(adapter.capabilities.prompts?.line('docs', 'greet', {})).toBe('/prompt docs greet');
    expect(adapter.capabilities.prompts?.listLine).toBe('/prompts');
  });

  test('the flag patterns come from the profile screen', () => {
    expect(adapter.reading.flags.instructionLike?.test('MCP server docs: tool "x" has instruction-like text in its description; it is treated as data')).toBe(
      true,
    );
    expect(adapter.reading.flags.changedDefinition?.test('MCP server docs: tool "x" changed since it was last seen; review it before approving calls')).toBe(
      true,
    );
  });
});

describe("a profile's result patterns read the text the model got, in every model API", () => {
  const regex = { format: 'regex' as const, patterns: { denied: /^outcome: denied$/m, failed: /^outcome: failed$/m, completed: /^outcome: completed$/m } };
  const json = { format: 'json' as const, statusField: 'status' };

  test('Responses and Chat Completions strings, and Chat text parts', () => {
    expect(classifyWithProfile(regex, 'outcome: completed\nfound')).toBe('completed');
    expect(classifyWithProfile(regex, [{ type: 'text', text: 'outcome: denied' }])).toBe('denied');
    expect(classifyWithProfile(json, [{ type: 'input_text', text: '{"status":"failed","output":"x"}' }])).toBe('failed');
  });

  test('an Anthropic content array is read by its text, an image in it is no error', () => {
    const content = [
      { type: 'text', text: 'outcome: completed' },
      { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
    ];
    expect(classifyWithProfile(regex, content, { isError: false })).toBe('completed');
  });

  test('Anthropic is_error: failed where the words say nothing or completed, the words where they say denied', () => {
    expect(classifyWithProfile(regex, [{ type: 'text', text: 'backend exploded' }], { isError: true })).toBe('failed');
    expect(classifyWithProfile(regex, 'outcome: completed', { isError: true })).toBe('failed');
    expect(classifyWithProfile(regex, 'outcome: denied', { isError: true })).toBe('denied');
  });

  test('a Gemini response object is read by its output or error text; its error key is the error flag', () => {
    expect(classifyWithProfile(regex, { output: 'outcome: completed' }, { isError: false })).toBe('completed');
    expect(classifyWithProfile(regex, { error: 'something broke' }, { isError: true })).toBe('failed');
    expect(classifyWithProfile(json, { output: '{"status":"denied","output":""}' }, { isError: false })).toBe('denied');
    // The JSON as the response object itself, not as a string inside it.
    expect(classifyWithProfile(json, { status: 'unknown', output: 'may have run' })).toBe('unknown');
  });

  test('text no pattern reads, without an error flag, is unreadable (null), never completed', () => {
    expect(classifyWithProfile(regex, [{ type: 'text', text: 'found 2 pages' }])).toBeNull();
    expect(classifyWithProfile(regex, { output: 'found 2 pages' }, { isError: false })).toBeNull();
    expect(classifyWithProfile(json, 'plain text')).toBeNull();
  });

  test('the rest of the configuration document has the sandbox paths filled in keys and strings (per-project state keyed by the folder)', () => {
    sandbox = createSandbox('profile-config-base');
    const profile = HostProfileSchema.parse({
      name: 'base-test',
      command: 'x',
      config: { format: 'json', path: '{home}/.host.json', base: { done: true, projects: { '{cwd}': { trusted: true, home: '{home}' } } } },
      screen: { prompt: '^> ', approvalStart: '^T', approval: '^A', statusLine: '^S' },
    });
    createProfileAdapter({ profile, file: REFERENCE_PROFILE_PATH }).config.write(sandbox, { notes: { command: 'n', args: [], env: {} } });
    expect(JSON.parse(readFileSync(`${sandbox.home}/.host.json`, 'utf8'))).toEqual({
      done: true,
      projects: { [sandbox.project]: { trusted: true, home: sandbox.home } },
      mcpServers: { notes: { command: 'n', args: [], env: {} } },
    });
    expect(() => HostProfileSchema.parse({ ...profile, config: { base: { key: '{apiKey}' } } })).toThrow(/unknown placeholder \{apiKey\}/);
  });
});
