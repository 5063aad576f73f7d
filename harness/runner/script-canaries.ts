// CRED-3 for text the model writes: a model step may repeat a credential ("{canary:LABEL}", the
// exact label of a canary, e.g. `{canary:server "docs" header X-Short-Key}` or
// `{canary:model API key}`), as a model that saw one somewhere would. Server canaries are minted
// when the servers start, after the mock model, so such a step is resolved when it is played.
import type { ModelStep } from '../../fake-servers/model/mock-model.js';
import type { CanaryRegistry } from '../sandbox/canaries.js';

const PLACEHOLDER = /\{canary:([^}]+)\}/g;

/** The script with every data step that names a canary replaced by one resolved when played. */
export function withScriptCanaries(script: readonly ModelStep[], canaries: CanaryRegistry): ModelStep[] {
  return script.map((step) => {
    if (typeof step === 'function' || !JSON.stringify(step).match(PLACEHOLDER)) return step;
    return () => fillCanaries(step, canaries);
  });
}

function fillCanaries<T>(step: T, canaries: CanaryRegistry): T {
  const json = JSON.stringify(step).replace(PLACEHOLDER, (_, label: string) => {
    const canary = canaries.byLabel(JSON.parse(`"${label}"`) as string);
    if (canary === undefined) throw new Error(`the script names a canary nobody minted: ${label}`);
    // Inside the step's JSON text: the value as a JSON string's contents.
    return JSON.stringify(canary.value).slice(1, -1);
  });
  return JSON.parse(json) as T;
}
