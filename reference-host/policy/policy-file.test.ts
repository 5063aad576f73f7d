import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PolicyFileError, readPolicyFile } from './policy-file.js';

function policyFileWith(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'refhost-policy-')), 'policy.json');
  writeFileSync(file, text);
  return file;
}

function errorOf(text: string, servers: string[] = ['docs']): string {
  const file = policyFileWith(text);
  try {
    readPolicyFile(file, servers);
  } catch (error) {
    expect(error).toBeInstanceOf(PolicyFileError);
    return (error as Error).message.replace(file, 'FILE');
  }
  throw new Error('expected an error');
}

describe('readPolicyFile', () => {
  it('treats a missing file as no policy', () => {
    expect(readPolicyFile(path.join(tmpdir(), 'no-such-dir-refhost', 'policy.json'), ['docs'])).toBeNull();
  });

  it('reads every setting of a configured server', () => {
    const policy = { servers: { docs: { trust: 'trusted', denyTools: ['delete_*'], allowResources: ['notes://*'], callsPerMinute: 2 } } };
    expect(readPolicyFile(policyFileWith(JSON.stringify(policy)), ['docs'])).toEqual(policy);
  });

  it('names the server and the setting of an unknown key such as autoApprove', () => {
    expect(errorOf('{"servers": {"docs": {"autoApprove": true}}}')).toBe(
      'policy file FILE: servers.docs.autoApprove: unknown setting (allowed: trust, denyTools, allowResources, callsPerMinute)',
    );
  });

  it('names the server and the setting of a wrong type', () => {
    expect(errorOf('{"servers": {"docs": {"callsPerMinute": "many"}}}')).toMatch(/^policy file FILE: servers\.docs\.callsPerMinute: .*number/);
    expect(errorOf('{"servers": {"docs": {"callsPerMinute": 0}}}')).toMatch(/^policy file FILE: servers\.docs\.callsPerMinute: /);
    expect(errorOf('{"servers": {"docs": {"trust": "total"}}}')).toMatch(/^policy file FILE: servers\.docs\.trust: /);
  });

  it('refuses a server that mcp.json does not configure', () => {
    expect(errorOf('{"servers": {"doc": {"denyTools": ["*"]}}}')).toBe(
      'policy file FILE: servers.doc: no server of that name is configured in mcp.json',
    );
  });

  it('refuses bad JSON and unknown top-level keys', () => {
    expect(errorOf('{"servers": ')).toMatch(/^policy file FILE: is not valid JSON/);
    expect(errorOf('{"server": {}}')).toBe('policy file FILE: server: unknown setting (allowed: servers)');
    expect(errorOf('[]')).toMatch(/^policy file FILE: \(top level\): /);
  });

  it('never quotes a value from the file', () => {
    expect(errorOf('{"servers": {"docs": {"trust": "canary-v4lue"}}}')).not.toContain('canary-v4lue');
  });
});
