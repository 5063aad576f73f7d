import { describe, expect, test } from 'vitest';
import type { ModelStep } from '../../fake-servers/model/mock-model.js';
import type { ParsedModelRequest } from '../../fake-servers/model/request.js';
import { CanaryRegistry } from '../sandbox/canaries.js';
import { withScriptCanaries } from './script-canaries.js';

const played = (step: ModelStep | undefined): unknown => (typeof step === 'function' ? step({} as ParsedModelRequest) : step);

describe('script steps that repeat a credential', () => {
  test('a canary named by its label is filled in when the step is played, in messages and arguments', () => {
    const canaries = new CanaryRegistry();
    const script = withScriptCanaries(
      [{ message: 'key {canary:server "docs" header X-Key}' }, { calls: [{ server: 'docs', tool: 't', arguments: { k: '{canary:server "docs" header X-Key}' } }] }, { message: 'plain' }],
      canaries,
    );
    // Minted after the script was wrapped, as server canaries are (the servers start after the model).
    const key = canaries.mintShort('server "docs" header X-Key', ['server:docs']);
    expect(played(script[0])).toEqual({ message: `key ${key.value}` });
    expect(played(script[1])).toEqual({ calls: [{ server: 'docs', tool: 't', arguments: { k: key.value } }] });
    expect(script[2]).toEqual({ message: 'plain' });
  });

  test('a label nobody minted is the script author\'s error', () => {
    const [step] = withScriptCanaries([{ message: '{canary:nobody}' }], new CanaryRegistry());
    expect(() => played(step)).toThrow(/nobody minted/);
  });
});
