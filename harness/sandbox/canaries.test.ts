import { describe, expect, test } from 'vitest';
import { CanaryRegistry, describeForm, scanCanaries } from './canaries.js';

describe('canaries', () => {
  test('every minted value is unique, names its label and ends in its random part', () => {
    const registry = new CanaryRegistry();
    const a = registry.mint('server "docs" header Authorization', []);
    const b = registry.mint('server "docs" header Authorization', []);
    expect(a.value).not.toBe(b.value);
    expect(a.value).toMatch(/^cnry-server-docs-header-autho-.{32}$/);
  });

  test('an extending canary begins with the whole other value', () => {
    const registry = new CanaryRegistry();
    const short = registry.mintShort('server "docs" header X-Short', ['server:docs']);
    const long = registry.mintExtending('server "docs" header X-Long', ['server:docs'], short.value);
    expect(long.value.startsWith(short.value)).toBe(true);
    expect(long.value.length).toBeGreaterThan(short.value.length + 16);
  });

  test('a canary is at home in its first allowed channel unless told otherwise', () => {
    const registry = new CanaryRegistry();
    expect(registry.mint('x', ['server:docs', 'file:$HOME/x']).home).toBe('server:docs');
    expect(registry.mint('y', []).home).toBeNull();
    expect(registry.mint('z', ['model-headers'], 'process:host').home).toBe('process:host');
  });

  test('the scan reports each sighting, its form, and whether its channel allows it', () => {
    const registry = new CanaryRegistry();
    const key = registry.mint('model API key', ['model-headers']);
    const sightings = scanCanaries(registry.all(), [
      { channel: 'model-headers', source: 'model request #1 headers', text: `authorization: Bearer ${key.value}` },
      { channel: 'screen', source: 'screen', text: `oops ${JSON.stringify(key.value)} shown` },
      { channel: 'server:docs', source: 'server docs journal', text: 'nothing here' },
    ]);
    expect(sightings.map((s) => [s.source, s.form, s.allowed])).toEqual([
      ['model request #1 headers', 'raw', true],
      ['screen', 'json', false],
    ]);
    expect(sightings[1]?.excerpt).toContain('shown');
    expect(describeForm(sightings[1]!)).toBe('whole value, json');
  });

  test('allow widens where a canary may appear', () => {
    const registry = new CanaryRegistry();
    const c = registry.mint('x', []);
    registry.allow(c, 'file:$HOME/x');
    expect(registry.all()[0]?.allowed).toEqual(['file:$HOME/x']);
  });

  test('the matcher covers every canary minted so far', () => {
    const registry = new CanaryRegistry();
    const a = registry.mint('a', []);
    expect(registry.matcher().find(a.value)).toHaveLength(1);
    const b = registry.mint('b', []);
    expect(
      registry
        .matcher()
        .find(`${a.value} ${b.value}`)
        .map((h) => h.canary),
    ).toEqual([0, 1]);
  });
});
