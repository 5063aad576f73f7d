import { describe, expect, test } from 'vitest';
import type { HostCapabilities } from '../adapters/host-adapter.js';
import { ABILITIES, lackedAbility, NEED_NAMES } from './abilities.js';
import { EVERY_CAPABILITY } from './test-fixtures/capabilities.js';

const everything = EVERY_CAPABILITY;
const nothing: HostCapabilities = {
  unsupported: [],
  knobs: { callTimeoutMs: false, connectTimeoutMs: false },
  quit: false,
  unknownGate: false,
  ownScreen: false,
  builtins: { names: [] },
  serverStatus: false,
  elicitationShown: false,
};

describe('the abilities a check may need', () => {
  test('a host with every capability lacks none; a bare one lacks each, with its own reason', () => {
    expect(lackedAbility(NEED_NAMES, everything)).toBeNull();
    for (const need of NEED_NAMES) expect(lackedAbility([need], nothing), need).toBe(ABILITIES[need].lacking);
  });

  test('a host lacks every ability its capabilities name in lacks, whatever else they show', () => {
    expect(lackedAbility(['quit'], { ...everything, lacks: ['quit'] })).toBe(ABILITIES.quit.lacking);
    expect(lackedAbility(['sessions'], { ...everything, lacks: ['quit'] })).toBeNull();
  });

  test('the first need the host lacks names the reason', () => {
    expect(lackedAbility(['quit', 'sessions'], { ...everything, resume: undefined })).toBe('the host keeps no sessions to resume');
  });
});
