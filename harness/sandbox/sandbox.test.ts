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

  test('gives hosts an environment of sandbox paths, PATH and LANG only', () => {
    sandbox = createSandbox('unit');
    const env = sandbox.baseEnv();
    expect(Object.keys(env).sort()).toEqual(['HOME', 'LANG', 'PATH', 'TMPDIR', 'XDG_CACHE_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_STATE_HOME']);
    expect(env.HOME).toBe(sandbox.home);
  });

  test('names paths by the variable they live under', () => {
    sandbox = createSandbox('unit');
    expect(sandbox.displayPath(join(sandbox.configHome, 'refhost', 'mcp.json'))).toBe('$XDG_CONFIG_HOME/refhost/mcp.json');
    expect(sandbox.displayPath(join(sandbox.project, '.mcp.json'))).toBe('$PROJECT/.mcp.json');
    expect(sandbox.displayPath('/etc/passwd')).toBeNull();
  });

  test('cleanup removes everything', () => {
    sandbox = createSandbox('unit');
    sandbox.cleanup();
    expect(existsSync(sandbox.root)).toBe(false);
  });

  test('cleanup removes directories the host locked', () => {
    sandbox = createSandbox('unit');
    const locked = join(sandbox.home, 'locked', 'deeper');
    mkdirSync(locked, { recursive: true });
    writeFileSync(join(locked, 'f'), 'x');
    chmodSync(locked, 0o000);
    chmodSync(join(sandbox.home, 'locked'), 0o000);
    sandbox.cleanup();
    expect(existsSync(sandbox.root)).toBe(false);
  });
});
