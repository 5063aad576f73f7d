import { describe, expect, it } from 'vitest';
import { configDir, dataDir, mcpConfigFile, PathError, sessionsDir } from './paths.js';

describe('refhost paths', () => {
  it('uses the XDG base directories when they are set', () => {
    const env = { HOME: '/home/u', XDG_CONFIG_HOME: '/xdg/config', XDG_DATA_HOME: '/xdg/data' };
    expect(configDir(env)).toBe('/xdg/config/refhost');
    expect(dataDir(env)).toBe('/xdg/data/refhost');
    expect(mcpConfigFile(env)).toBe('/xdg/config/refhost/mcp.json');
    expect(sessionsDir(env)).toBe('/xdg/data/refhost/sessions');
  });

  it('falls back to HOME when the XDG variables are unset, empty or relative', () => {
    for (const env of [{ HOME: '/home/u' }, { HOME: '/home/u', XDG_CONFIG_HOME: '', XDG_DATA_HOME: 'rel/dir' }]) {
      expect(configDir(env)).toBe('/home/u/.config/refhost');
      expect(dataDir(env)).toBe('/home/u/.local/share/refhost');
    }
  });

  it('refuses to guess when neither the XDG variable nor HOME is an absolute path', () => {
    expect(() => configDir({})).toThrow(PathError);
    expect(() => dataDir({ HOME: 'relative' })).toThrow(/XDG_DATA_HOME nor HOME/);
  });
});
