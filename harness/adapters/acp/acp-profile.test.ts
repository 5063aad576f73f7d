import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acpBin, classifyAcpOutput } from './acp-adapter.js';
import { builtinAcpProfile, builtinAcpProfileNames, loadAcpProfile, looksLikeAcpProfile, parseAcpProfile } from './acp-profile.js';

const base = { name: 'x', install: 'x', package: 'x', bin: 'x' };

describe('ACP profiles', () => {
  it('an agent installed anywhere: "protocol": "acp" marks the profile, and "node" with a path in argv runs it on the suite\'s Node', () => {
    const raw = { protocol: 'acp', name: 'mine', bin: 'node', argv: ['{profileDir}/agent.js'] };
    expect(looksLikeAcpProfile(raw)).toBe(true);
    expect(looksLikeAcpProfile({ name: 'terminal-host', command: 'x' })).toBe(false);
    expect(acpBin(parseAcpProfile(raw, '/p/mine.json').profile)).toBe(process.execPath);
    expect(() => acpBin(parseAcpProfile({ ...raw, bin: 'no-such-agent-here' }, '/p/mine.json').profile)).toThrow(/not on PATH/);
  });

  it('every built-in profile loads and resolves by name', () => {
    expect(builtinAcpProfileNames()).toContain('codex-acp');
    for (const name of builtinAcpProfileNames()) expect(loadAcpProfile(builtinAcpProfile(name) ?? '').profile.name).toBe(name);
  });

  it('defaults: servers in session/new, allow_once and reject_once, end of input ends the host', () => {
    const { profile } = parseAcpProfile(base, 'p.json');
    expect(profile.mcpServers).toEqual({ in: 'session/new' });
    expect(profile.permission).toEqual({ approve: ['allow_once'], deny: ['reject_once'] });
    expect(profile.end).toBe('eof');
  });

  it('a result the model API flags as an error is never read as completed', () => {
    const { profile } = parseAcpProfile({ ...base, results: { denied: '^denied', completed: '.' } }, 'p.json');
    expect(classifyAcpOutput(profile, 'ok text')).toBe('completed');
    expect(classifyAcpOutput(profile, 'ok text', { isError: true })).toBe('failed');
    expect(classifyAcpOutput(profile, 'denied by the user', { isError: true })).toBe('denied');
    expect(classifyAcpOutput({ ...profile, flagged: 'unknown' }, 'timed out', { isError: true })).toBe('unknown');
  });

  it('names the field of a bad profile', () => {
    expect(() => parseAcpProfile({ ...base, argv: ['{nope}'] }, 'p.json')).toThrow(/argv\.0: unknown placeholder \{nope\}/);
    expect(() => parseAcpProfile({ ...base, settings: [{ path: '/etc/x', text: '' }] }, 'p.json')).toThrow(/settings\.0\.path: paths start with \{home\}/);
    expect(() => parseAcpProfile({ ...base, permission: { approve: ['yes'] } }, 'p.json')).toThrow(/permission\.approve\.0/);
    expect(() => parseAcpProfile({ ...base, unsupported: ['APPROVE'] }, 'p.json')).toThrow(/unsupported\.0: only optional guarantees/);
  });

  it('names an unreadable profile file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'acp-profile-')), 'p.json');
    writeFileSync(file, '{ "name": ');
    expect(() => loadAcpProfile(file)).toThrow(/^ACP host profile .*p\.json: /);
  });
});
