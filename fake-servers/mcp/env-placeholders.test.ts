import { describe, expect, it } from 'vitest';
import { envPlaceholder, withEnvValues } from './env-placeholders.js';

describe('withEnvValues', () => {
  it('fills each env placeholder with the variable value, JSON specials and dollar signs kept literally', () => {
    const behaviour = { tools: [{ name: 't', description: `a ${envPlaceholder('TOKEN')} b ${envPlaceholder('NONE')}.` }] };
    expect(withEnvValues(behaviour, { TOKEN: 'x"y\\z $& w' }).tools?.[0]?.description).toBe('a x"y\\z $& w b .');
  });

  it('returns a behaviour without placeholders unchanged', () => {
    const behaviour = { tools: [{ name: 't' }] };
    expect(withEnvValues(behaviour, { TOKEN: 'x' })).toBe(behaviour);
  });
});
