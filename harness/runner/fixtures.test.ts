import { describe, expect, it } from 'vitest';
import { ownFormatDecoyPaths } from './fixtures.js';

describe('ownFormatDecoyPaths (CONFIG-1: project-level settings of the host’s own kind)', () => {
  const sandbox = { home: '/s/home', project: '/s/project' };

  it('mirrors the configuration’s place below the home into the project, and adds .APP/FILE for a folder of its own', () => {
    expect(ownFormatDecoyPaths(sandbox, ['/s/home/.config/refhost/mcp.json'])).toEqual(['/s/project/.config/refhost/mcp.json', '/s/project/.refhost/mcp.json']);
  });

  it('gives a dot folder once when the mirror is already .APP/FILE', () => {
    expect(ownFormatDecoyPaths(sandbox, ['/s/home/.codex/config.toml'])).toEqual(['/s/project/.codex/config.toml']);
  });

  it('mirrors a file kept directly in the home, with no folder of its own', () => {
    expect(ownFormatDecoyPaths(sandbox, ['/s/home/.claude.json'])).toEqual(['/s/project/.claude.json']);
  });

  it('never names the configuration itself, when a profile keeps it in the project', () => {
    expect(ownFormatDecoyPaths(sandbox, ['/s/project/.host/settings.json'])).toEqual([]);
  });

  it('puts a configuration outside the home only at .APP/FILE', () => {
    expect(ownFormatDecoyPaths(sandbox, ['/etc/host/settings.json'])).toEqual(['/s/project/.host/settings.json']);
  });
});
