import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { createSandbox, type Sandbox } from './sandbox.js';

let sandbox: Sandbox | undefined;
afterEach(() => sandbox?.cleanup());

describe('createSandbox', () => {
  test('creates private HOME, XDG, project and tmp directories under one root', () => {
    sandbox = createSandbox('unit');
    for (const dir of [sandbox.home, sandbox.project, sandbox.configHome, sandbox.dataHome, sandbox.stateHome, sandbox.cacheHome, sandbox.tmp]) {
      expect(dir.startsWith(sandbox.root)).toBe(true);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
    }
  });

  test("gives hosts a developer's shell environment: sandbox paths, the real PATH, shell variables and secret canaries", () => {
    sandbox = createSandbox('unit');
    const env = sandbox.baseEnv();
    expect(Object.keys(env).sort()).toEqual([
      'AWS_ACCESS_KEY_ID',
      'AWS_SECRET_ACCESS_KEY',
      'COLORTERM',
      'EDITOR',
      'GITHUB_TOKEN',
      'HOME',
      'HOMEBREW_PREFIX',
      'LANG',
      'LANGUAGE',
      'LC_CTYPE',
      'LOGNAME',
      'NODE_OPTIONS',
      'NPM_TOKEN',
      'PATH',
      'PWD',
      'SHELL',
      'SHLVL',
      'SSH_AUTH_SOCK',
      'TERM',
      'TMPDIR',
      'USER',
      'XDG_CACHE_HOME',
      'XDG_CONFIG_HOME',
      'XDG_DATA_HOME',
      'XDG_STATE_HOME',
    ]);
    expect(env.HOME).toBe(sandbox.home);
    expect(env.PATH).toBe(process.env.PATH);
    expect(env.PWD).toBe(sandbox.project);
    expect(env.SSH_AUTH_SOCK?.startsWith(sandbox.tmp)).toBe(true);
  });

  test("the host's secrets are canaries allowed only in the host's processes' environments", () => {
    sandbox = createSandbox('unit');
    const env = sandbox.baseEnv();
    const secrets = sandbox.canaries.all().filter((c) => c.label.startsWith('host environment '));
    expect(
      secrets.map((c) => [c.label.slice('host environment '.length), c.value === env[c.label.slice('host environment '.length)], c.allowed, c.home]),
    ).toEqual(['AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'NPM_TOKEN'].map((name) => [name, true, ['process:host'], 'process:host']));
  });

  test('NODE_OPTIONS in the environment does not break a Node program', () => {
    sandbox = createSandbox('unit');
    const child = spawnSync(process.execPath, ['-e', 'process.stdout.write("ok")'], { env: sandbox.baseEnv(), encoding: 'utf8' });
    expect([child.status, child.stdout]).toEqual([0, 'ok']);
  });

  test('names paths by the variable they live under', () => {
    sandbox = createSandbox('unit');
    expect(sandbox.displayPath(join(sandbox.configHome, 'refhost', 'mcp.json'))).toBe('$XDG_CONFIG_HOME/refhost/mcp.json');
    expect(sandbox.displayPath(join(sandbox.project, '.mcp.json'))).toBe('$PROJECT/.mcp.json');
    expect(sandbox.displayPath('/etc/passwd')).toBeNull();
  });

  test('cleanup removes everything', async () => {
    sandbox = createSandbox('unit');
    await sandbox.cleanup();
    expect(existsSync(sandbox.root)).toBe(false);
  });

  test('cleanup removes directories the host locked', async () => {
    sandbox = createSandbox('unit');
    const locked = join(sandbox.home, 'locked', 'deeper');
    mkdirSync(locked, { recursive: true });
    writeFileSync(join(locked, 'f'), 'x');
    chmodSync(locked, 0o000);
    chmodSync(join(sandbox.home, 'locked'), 0o000);
    await sandbox.cleanup();
    expect(existsSync(sandbox.root)).toBe(false);
  });
});
