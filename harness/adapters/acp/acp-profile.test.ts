import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { acpBin, classifyAcpOutput } from './acp-adapter.js';
import { builtinAcpProfile, builtinAcpProfileNames, loadAcpProfile, looksLikeAcpProfile, parseAcpProfile } from './acp-profile.js';
import { chooseOption } from './acp-session.js';

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

  it('a permission choice is an option kind or a name pattern, first offered wins', () => {
    const { profile } = parseAcpProfile({ ...base, permission: { approve: ['allow_once'], deny: ['reject_once', { name: '^Deny$' }] } }, 'p.json');
    // pi-acp offers an extension dialog's choices all as allow_once.
    const options = ['Allow once', 'Allow for session', 'Deny'].map((name, i) => ({ optionId: `choice-${i}`, name, kind: 'allow_once' as const }));
    expect(chooseOption({ options }, profile.permission.approve)).toBe('choice-0');
    expect(chooseOption({ options }, profile.permission.deny)).toBe('choice-2');
    expect(chooseOption({ options: [...options, { optionId: 'no', name: 'No', kind: 'reject_once' }] }, profile.permission.deny)).toBe('no');
    expect(chooseOption({ options: options.slice(0, 2) }, profile.permission.deny)).toBeNull();
    expect(() => parseAcpProfile({ ...base, permission: { deny: [{ name: '(' }] } }, 'p.json')).toThrow(/permission\.deny\.0/);
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

  it('patterns read the text the model got: Anthropic text blocks joined, a Gemini response by its output or error', () => {
    const { profile } = parseAcpProfile({ ...base, results: { denied: '^User refused', completed: '[\\s\\S]' } }, 'p.json');
    expect(classifyAcpOutput(profile, [{ type: 'text', text: 'User refused permission to run tool' }], { isError: true })).toBe('denied');
    expect(
      classifyAcpOutput(profile, [
        { type: 'text', text: 'a' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBO' } },
      ]),
    ).toBe('completed');
    expect(classifyAcpOutput(profile, { error: 'User refused it' }, { isError: true })).toBe('denied');
  });

  // Outputs as the committed rows saw them (reports/<host>/report.json, docs/acp-hosts.md).
  const real = (name: string) => loadAcpProfile(builtinAcpProfile(name) ?? '').profile;

  it("built-in profiles read each host's own truncation words as output_limit, never completed", () => {
    expect(
      classifyAcpOutput(real('claude-agent-acp'), [
        { type: 'text', text: '<persisted-output>\nOutput too large (68.4KB). Full output saved to: /tmp/x.txt\n\nPreview (first 2KB):\nabc' },
      ]),
    ).toBe('output_limit');
    expect(classifyAcpOutput(real('copilot'), 'Output too large to read at once (1.1 MB). Saved to: /tmp/x.txt\nConsider using tools like grep')).toBe(
      'output_limit',
    );
    expect(
      classifyAcpOutput(
        real('opencode'),
        'head of it\n\n...60000 bytes truncated...\n\nThe tool call succeeded but the output was truncated. Full output saved to: /tmp/x',
      ),
    ).toBe('output_limit');
    expect(classifyAcpOutput(real('qwen'), 'Tool output was too large and has been truncated to the first lines')).toBe('output_limit');
    expect(classifyAcpOutput(real('codex-acp'), 'Wall time: 0.1 seconds\nOutput:\nab…1200 tokens truncated…yz')).toBe('output_limit');
  });

  it('built-in profiles read an image mark as the completed result it is (Qwen\'s "[image: image/png]")', () => {
    expect(
      classifyAcpOutput(real('qwen'), [
        { type: 'text', text: "[Tool 'mixed' provided the following image data with mime-type: image/png]" },
        { type: 'text', text: '[image: image/png]' },
      ]),
    ).toBe('completed');
  });

  it('the gemini profile reads the output and error of its functionResponse', () => {
    const gemini = real('gemini');
    expect(classifyAcpOutput(gemini, { output: '<untrusted_context>\nfound\n</untrusted_context>' }, { isError: false })).toBe('completed');
    expect(classifyAcpOutput(gemini, { output: '' }, { isError: false })).toBe('completed');
    expect(classifyAcpOutput(gemini, { error: 'Tool "mcp_docs_search" was canceled by the user.' }, { isError: true })).toBe('denied');
    expect(classifyAcpOutput(gemini, { error: "MCP tool 'fragile' reported tool error for function call" }, { isError: true })).toBe('failed');
  });

  it('names the field of a bad profile', () => {
    expect(() => parseAcpProfile({ ...base, argv: ['{nope}'] }, 'p.json')).toThrow(/argv\.0: unknown placeholder \{nope\}/);
    expect(() => parseAcpProfile({ ...base, settings: [{ path: '/etc/x', text: '' }] }, 'p.json')).toThrow(/settings\.0\.path: paths start with \{home\}/);
    expect(() => parseAcpProfile({ ...base, permission: { approve: ['yes'] } }, 'p.json')).toThrow(/permission\.approve\.0/);
    expect(() => parseAcpProfile({ ...base, unsupported: ['APPROVE'] }, 'p.json')).toThrow(/unsupported\.0: only optional guarantees/);
    expect(() => parseAcpProfile({ ...base, prepare: { dir: '..', env: {} } }, 'p.json')).toThrow(/prepare\.dir: a folder name/);
    expect(() => parseAcpProfile({ ...base, prepare: { dir: 'cache', env: { X: '{hostDir}/cache' } } }, 'p.json')).toThrow(
      /prepare\.env\.X: unknown placeholder \{hostDir\} \(known: \{dir\}\)/,
    );
  });

  it('names an unreadable profile file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'acp-profile-')), 'p.json');
    writeFileSync(file, '{ "name": ');
    expect(() => loadAcpProfile(file)).toThrow(/^ACP host profile .*p\.json: /);
  });
});
