import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { classifyWithProfile, createProfileAdapter } from './profile-adapter.js';
import { loadHostProfile } from './profile-schema.js';
import { builtinTerminalProfile } from './resolve-host.js';
import { REFERENCE_PROFILE_PATH } from './reference-host-adapter.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'mhc-profile-'));
  dirs.push(dir);
  return dir;
};

function profileFile(content: unknown): string {
  const file = join(tempDir(), 'host.json');
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const reference = JSON.parse(readFileSync(REFERENCE_PROFILE_PATH, 'utf8')) as Record<string, unknown>;

describe('host profiles', () => {
  test('the reference host profile is valid', () => {
    expect(loadHostProfile(REFERENCE_PROFILE_PATH).profile.name).toBe('reference-host');
  });

  test('errors name the file and every bad field', () => {
    const file = profileFile({ ...reference, name: 'Bad Name', screen: { ...(reference.screen as object), prompt: '(' } });
    expect(() => loadHostProfile(file)).toThrow(
      new RegExp(`${file}[\\s\\S]*name: profile names are kebab-case[\\s\\S]*screen.prompt: not a valid regular expression`),
    );
  });

  test('unknown placeholders are refused', () => {
    expect(() => loadHostProfile(profileFile({ ...reference, args: ['{secret}'] }))).toThrow(/args.0: unknown placeholder \{secret\}/);
  });

  test('only optional guarantees may be declared unsupported', () => {
    expect(loadHostProfile(profileFile({ ...reference, unsupported: ['RESOURCE', 'TRANSPORT-2'] })).profile.unsupported).toEqual(['RESOURCE', 'TRANSPORT-2']);
    expect(() => loadHostProfile(profileFile({ ...reference, unsupported: ['APPROVE'] }))).toThrow(/unsupported.0: only optional/);
  });

  test("a host's lacked abilities are names of the abilities table, and reach its capabilities", () => {
    const loaded = loadHostProfile(profileFile({ ...reference, lacks: ['quit'] }));
    expect(createProfileAdapter(loaded).capabilities.lacks).toEqual(['quit']);
    expect(() => loadHostProfile(profileFile({ ...reference, lacks: ['teleport'] }))).toThrow(/lacks.0: Invalid option/);
  });

  test('a file that is not JSON is named in the error', () => {
    const file = join(tempDir(), 'host.json');
    writeFileSync(file, '{');
    expect(() => loadHostProfile(file)).toThrow(new RegExp(`host profile ${file}`));
  });

  test('results are classified by JSON status field or by patterns', () => {
    expect(classifyWithProfile({ format: 'json', statusField: 'status' }, '{"status":"denied","output":""}')).toBe('denied');
    expect(classifyWithProfile({ format: 'json', statusField: 'status' }, 'plain text')).toBeNull();
    expect(classifyWithProfile({ format: 'regex', patterns: { unknown: /may have run/ } }, 'the call may have run')).toBe('unknown');
  });

  test('every built-in terminal profile is valid and found by its name; other names are not', () => {
    const continueFile = builtinTerminalProfile('continue');
    expect(continueFile).not.toBeNull();
    expect(loadHostProfile(continueFile as string).profile.name).toBe('continue');
    // A tool-less request of a host that titles its sessions that way is a side call, when the profile says so.
    expect(loadHostProfile(continueFile as string).profile.model).toEqual({ sideCallRule: { noTools: true } });
    expect(loadHostProfile(REFERENCE_PROFILE_PATH).profile.model).toEqual({});
    // The reference host is selected as "reference", not by its profile's file name.
    expect(builtinTerminalProfile('reference-host')).toBeNull();
    expect(builtinTerminalProfile('no-such-host')).toBeNull();
    expect(builtinTerminalProfile('../package')).toBeNull();
  });

  test('typing: absent means a line and Enter in one write and answers ending in Enter', () => {
    const { profile } = loadHostProfile(REFERENCE_PROFILE_PATH);
    expect(profile.typingPauseMs).toBeUndefined();
    expect(profile.answers.enter).toBe(true);
    const keyed = loadHostProfile(profileFile({ ...reference, typingPauseMs: 300, answers: { approve: 'y', deny: 'n', enter: false } })).profile;
    expect(keyed.typingPauseMs).toBe(300);
    expect(keyed.answers.enter).toBe(false);
    expect(() => loadHostProfile(profileFile({ ...reference, typingPauseMs: 5000 }))).toThrow(/typingPauseMs/);
  });
});
