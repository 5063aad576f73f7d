import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from '../sandbox/sandbox.js';
import { createProfileAdapter } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';
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
    expect(adapter.reading.flags.instructionLike?.test('MCP server docs: tool "x" has instruction-like text in its description; it is treated as data')).toBe(true);
    expect(adapter.reading.flags.changedDefinition?.test('MCP server docs: tool "x" changed since it was last seen; review it before approving calls')).toBe(true);
  });
});
