import { describe, expect, test } from 'vitest';
import { CanaryRegistry, scanCanaries } from './canaries.js';

describe('canaries', () => {
  test('every minted value is unique and survives JSON unchanged', () => {
    const registry = new CanaryRegistry();
    const a = registry.mint('server "docs" header Authorization', []);
    const b = registry.mint('server "docs" header Authorization', []);
    expect(a.value).not.toBe(b.value);
    expect(JSON.stringify(a.value)).toBe(`"${a.value}"`);
  });

  test('the scan reports each sighting and whether its channel allows it', () => {
    const registry = new CanaryRegistry();
    const key = registry.mint('model API key', ['model-headers']);
    const sightings = scanCanaries(registry.all(), [
      { channel: 'model-headers', source: 'model request #1 headers', text: `Bearer ${key.value}` },
      { channel: 'screen', source: 'screen', text: `oops ${key.value} shown` },
      { channel: 'server:docs', source: 'server docs journal', text: 'nothing here' },
    ]);
    expect(sightings.map((s) => [s.source, s.allowed])).toEqual([
      ['model request #1 headers', true],
      ['screen', false],
    ]);
    expect(sightings[1]?.excerpt).toContain('shown');
  });

  test('allow widens where a canary may appear', () => {
    const registry = new CanaryRegistry();
    const c = registry.mint('x', []);
    registry.allow(c, 'file:$HOME/x');
    expect(registry.all()[0]?.allowed).toEqual(['file:$HOME/x']);
  });
});
