import { describe, expect, it } from 'vitest';
import { envPlaceholder, withEnvValues, withNeededEnv } from './env-placeholders.js';

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

describe('withNeededEnv', () => {
  const behaviour = { tools: [{ name: 'note', outcomes: [{ kind: 'echo' as const }] }], stdio: { callsNeedEnv: ['NOTES_TOKEN'] } };

  it('keeps the behaviour when every variable the calls need is set', () => {
    expect(withNeededEnv(behaviour, { NOTES_TOKEN: 'x' })).toBe(behaviour);
  });

  it('answers every call with an error naming what is unset or empty', () => {
    for (const env of [{}, { NOTES_TOKEN: '' }]) {
      const tool = withNeededEnv(behaviour, env).tools?.[0];
      expect(tool?.outcomes).toBeUndefined();
      expect(tool?.outcome).toEqual({
        kind: 'content',
        isError: true,
        content: [{ type: 'text', text: "not authorised: NOTES_TOKEN not set in this server's environment" }],
      });
    }
  });
});
