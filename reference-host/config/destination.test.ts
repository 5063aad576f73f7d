import { describe, expect, it } from 'vitest';
import { serverDestination } from './destination.js';

describe('serverDestination', () => {
  it('shows a remote server as its URL', () => {
    expect(serverDestination({ url: 'https://example.com/mcp', headers: { A: 'secret' } })).toBe('https://example.com/mcp');
  });

  it('shows a stdio server as its command line, quoting words with shell syntax or spaces', () => {
    const dest = serverDestination({ command: '/usr/bin/node', args: ['srv.js', '--x=1', '$(id); rm *', ''], env: { T: 'secret' } });
    expect(dest).toBe('/usr/bin/node srv.js --x=1 "$(id); rm *" ""');
  });
});
