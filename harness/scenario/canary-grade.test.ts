import { describe, expect, test } from 'vitest';
import { CanaryRegistry, credentialChannels, scanCanaries, type ScanGap, type ScanItem } from '../sandbox/canaries.js';
import { mintHostSecrets } from '../sandbox/host-env.js';
import { canaryAbsentEverywhere } from './check-helpers.js';
import { canaryKeptFrom, PLACES } from './checks-credentials-network.js';
import type { Observations } from './observations.js';

const CONFIG = 'file:$XDG_CONFIG_HOME/refhost/mcp.json';

/** Two configured servers and the host's own secrets, each a real canary. */
function world() {
  const registry = new CanaryRegistry();
  const docs = registry.mint('server "docs" header Authorization', credentialChannels('docs', [CONFIG]));
  const notes = registry.mint('server "notes" env NOTES_TOKEN', credentialChannels('notes', [CONFIG]));
  const secrets = mintHostSecrets(registry);
  const envText = (env: Record<string, string>): string =>
    Object.entries(env)
      .map(([k, v]) => `${k}=${v}`)
      .join('\n');
  /** Each canary where it is used: the server requests, the stdio start record, the host's environment. */
  const used: ScanItem[] = [
    { channel: 'server:docs', source: 'server docs journal', text: `POST /mcp\nauthorization: Bearer ${docs.value}` },
    { channel: 'server:notes', source: 'server notes journal', text: envText({ PATH: '/bin', NOTES_TOKEN: notes.value }) },
    { channel: 'process:host', source: 'environment of process 10 (host)', text: envText(secrets) },
    { channel: CONFIG, source: '$XDG_CONFIG_HOME/refhost/mcp.json', text: JSON.stringify({ docs: docs.value, notes: notes.value }) },
  ];
  const observe = (items: ScanItem[], gaps: ScanGap[] = []): Observations => {
    const canaries = registry.all();
    return {
      script: { completed: 3, stoppedAt: null },
      screen: { all: '', stdout: '', stderr: '', truncated: false },
      canaries,
      canarySightings: scanCanaries(canaries, items),
      canaryGaps: gaps,
    } as unknown as Observations;
  };
  return { docs, notes, secrets, used, observe };
}

const verdict = (grade: { verdict: string; observed: string }): string => `${grade.verdict}: ${grade.observed}`;

describe('canaryKeptFrom', () => {
  test('passes when each credential was used and seen only where allowed', () => {
    const w = world();
    expect(canaryKeptFrom(PLACES.hostFiles, 'server "')(w.observe(w.used)).verdict).toBe('PASS');
  });

  test('fails on a header value base64-encoded into a log file, naming the file and the form', () => {
    const w = world();
    const log = {
      channel: 'file:$XDG_STATE_HOME/host/debug.log',
      source: '$XDG_STATE_HOME/host/debug.log',
      text: `auth=Basic ${Buffer.from(`mcp:${w.docs.value}`).toString('base64')}`,
    };
    expect(verdict(canaryKeptFrom(PLACES.hostFiles, 'server "')(w.observe([...w.used, log])))).toMatch(
      /^FAIL: leaked into .*server "docs" header Authorization in \$XDG_STATE_HOME\/host\/debug.log \(whole value, base64\)/,
    );
  });

  test('is not reached when no credential was ever seen where it is used', () => {
    const w = world();
    expect(verdict(canaryKeptFrom(PLACES.screen, 'server "')(w.observe([w.used[3]!])))).toMatch(
      /^FAIL: not reached: no canary matching "server "" was ever seen where it is used/,
    );
  });

  test('is not reached when part of the place could not be scanned in full, and still fails on a leak seen elsewhere in it', () => {
    const w = world();
    const gap = { channel: 'screen', why: 'host session #1 went past the cap untapped' };
    expect(verdict(canaryKeptFrom(PLACES.screen, 'server "')(w.observe(w.used, [gap])))).toMatch(
      /^FAIL: not reached: the screen .* could not be scanned in full: host session #1/,
    );
    const shown = { channel: 'screen', source: 'host output #1 (stdout)', text: `status: ${w.notes.value.slice(-20)}` };
    expect(verdict(canaryKeptFrom(PLACES.screen, 'server "')(w.observe([...w.used, shown], [gap])))).toMatch(
      /^FAIL: leaked into the screen.*server "notes" env NOTES_TOKEN in host output #1 \(stdout\) \(part of it, raw\)/,
    );
  });

  test("a leftover stdio server holding its own credential is not a leak; another server's credential in its environment is", () => {
    const w = world();
    const leftover = (text: string): ScanItem => ({ channel: 'process:server:notes', source: 'environment of process 12 (server notes), left running', text });
    expect(canaryKeptFrom(PLACES.otherServers, 'server "')(w.observe([...w.used, leftover(`NOTES_TOKEN=${w.notes.value}`)])).verdict).toBe('PASS');
    expect(verdict(canaryKeptFrom(PLACES.otherServers, 'server "')(w.observe([...w.used, leftover(`X_POOLED=${w.docs.value}`)])))).toMatch(
      /^FAIL: .*server "docs" header Authorization in environment of process 12/,
    );
  });

  test("fails on a credential on a child's command line, even one gone by the end", () => {
    const w = world();
    const child = {
      channel: 'cmdline:host',
      source: 'command line of process 14 (curl), approval #1 shown',
      text: `curl\n-H\nAuthorization: Bearer ${w.docs.value}`,
    };
    expect(verdict(canaryKeptFrom(PLACES.processes, 'server "')(w.observe([...w.used, child])))).toMatch(
      /^FAIL: .*in command line of process 14 \(curl\), approval #1 shown/,
    );
  });
});

describe('canaryAbsentEverywhere', () => {
  test("passes when the host's secrets stay in its own processes", () => {
    const w = world();
    expect(canaryAbsentEverywhere('host environment')(w.observe(w.used)).verdict).toBe('PASS');
  });

  test("fails, naming the variable, when the host's GITHUB_TOKEN reaches a stdio server's environment", () => {
    const w = world();
    const start = { channel: 'server:notes', source: 'server notes journal', text: `GITHUB_TOKEN=${w.secrets.GITHUB_TOKEN}` };
    expect(verdict(canaryAbsentEverywhere('host environment')(w.observe([...w.used, start])))).toMatch(
      /^FAIL: .*host environment GITHUB_TOKEN in server notes journal/,
    );
  });

  test("a value never meant to be used (a refused server's) passes once the host ran, and is not reached while the host's process was never seen", () => {
    const w = world();
    expect(canaryAbsentEverywhere('server "notes"')(w.observe([w.used[2]!])).verdict).toBe('PASS');
    expect(verdict(canaryAbsentEverywhere('server "notes"')(w.observe([w.used[3]!])))).toMatch(/^FAIL: not reached: the host's process was never seen/);
  });

  test('is not reached while any channel was not scanned in full, or when nothing matches', () => {
    const w = world();
    expect(verdict(canaryAbsentEverywhere('')(w.observe(w.used, [{ channel: 'trap', why: 'trap hit #1: body past the cap' }])))).toMatch(
      /^FAIL: not reached: .*trap hit #1/,
    );
    expect(verdict(canaryAbsentEverywhere('decoy')(w.observe(w.used)))).toMatch(/^FAIL: not reached: no credential canary matching "decoy"/);
  });
});
