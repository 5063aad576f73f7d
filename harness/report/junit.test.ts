import { describe, expect, it } from 'vitest';
import { renderJunit } from './junit.js';
import { HOSTILE, otherHostRun, refhostFlakyReport, refhostReport, report } from './test-fixtures/sample-reports.js';
import { findAll, parseXml } from './test-fixtures/xml-check.js';

describe('renderJunit', () => {
  it('parses back as XML with one testsuite per guarantee group and one testcase per check', () => {
    const root = parseXml(renderJunit(refhostReport()));
    expect(root.name).toBe('testsuites');
    expect(findAll(root, 'testsuite').map((s) => s.attrs.name)).toEqual(['DISCOVER', 'EXPOSE', 'APPROVE', 'NET', 'RESOURCE', 'TELEMETRY']);
    expect(findAll(root, 'testcase')).toHaveLength(7);
    expect(root.attrs).toMatchObject({ tests: '7', failures: '1', errors: '1', skipped: '1' });
  });

  it('maps FAIL to failure, HARNESS-ERROR to error, UNSUPPORTED to skipped and NON-STRICT to a passing case with a note', () => {
    const root = parseXml(renderJunit(refhostReport()));
    const byName = new Map(findAll(root, 'testcase').map((c) => [c.attrs.name, c]));
    expect(byName.get('expose-description/origin-first')!.children.map((c) => c.name)).toEqual(['failure']);
    expect(byName.get('net-redirect/no-follow')!.children.map((c) => c.name)).toEqual(['error']);
    expect(byName.get('resource-read/listed-only')!.children.map((c) => c.name)).toEqual(['skipped']);
    const nonStrict = byName.get('discover-once/status-lines')!;
    expect(nonStrict.children.map((c) => c.name)).toEqual(['system-out']);
    expect(nonStrict.children[0]!.text).toMatch(/^NON-STRICT: a SHOULD was missed/);
    expect(byName.get('discover-once/initialize-before-model')!.children).toEqual([]);
    expect(findAll(root, 'failure')).toHaveLength(1);
    expect(findAll(root, 'error')).toHaveLength(1);
    expect(findAll(root, 'skipped')).toHaveLength(1);
  });

  it('maps FLAKY to skipped, neither failure nor pass, with each run and its evidence in system-out', () => {
    const root = parseXml(renderJunit(refhostFlakyReport()));
    expect(root.attrs).toMatchObject({ tests: '7', failures: '0', errors: '1', skipped: '2' });
    const flaky = findAll(root, 'testcase').find((c) => c.attrs.name === 'expose-description/origin-first')!;
    expect(flaky.children.map((c) => c.name)).toEqual(['skipped', 'system-out']);
    expect(flaky.children[0]!.attrs.message).toBe('FAIL then PASS: the verdict differed between runs of the scenario');
    const out = flaky.children[1]!.text;
    expect(out).toMatch(/^FLAKY: neither passed nor failed\./);
    expect(out).toContain(`Run 1: FAIL (1.200 s)\n  Observed: the description reached the model as the server wrote it`);
    expect(out).toContain(`    [1] model-request — model request #1\n        {"description":"${HOSTILE.script}"}`);
    expect(out).toContain('Run 2: PASS (0.900 s)\n  Observed: the description named its origin first\n  Evidence:\n    [1] model-request — model request #1');
  });

  it('carries host, version and suite metadata as properties of each suite', () => {
    const root = parseXml(renderJunit(refhostReport()));
    const suite = findAll(root, 'testsuite')[0]!;
    const props = Object.fromEntries(findAll(suite, 'property').map((p) => [p.attrs.name, p.attrs.value]));
    expect(props).toMatchObject({ host: 'refhost', 'host.version': '0.1.0', 'suite.version': '0.1.0', 'suite.revision': '3fe2e96abcdef', node: 'v20.20.0' });
    // The host's counts per tier, on every suite: NET-2's harness error is safety, EXPOSE-5's FAIL contract.
    expect(props).toMatchObject({ tiers: 'spec-must,spec-should,safety,contract', 'tier.contract': '1 FAIL · 1 PASS' });
    expect(props['tier.safety']).toContain('1 HARNESS-ERROR');
  });

  it('keeps hostile server text as text: markup escaped, ANSI escapes made visible, the failure body readable', () => {
    const xml = renderJunit(refhostReport());
    expect(xml).not.toContain('<script>');
    expect(xml).not.toContain('\u001b');
    const failure = findAll(parseXml(xml), 'failure')[0]!;
    expect(failure.text).toContain(HOSTILE.script);
    expect(failure.text).toContain(HOSTILE.endTag);
    expect(failure.text).toContain(HOSTILE.quotes);
    expect(failure.text).toContain('\\x1b[31mred alert\\x1b[0m');
    expect(failure.text).toContain('Rerun: mcp-host-conformance run --host refhost --only expose-description');
    expect(failure.attrs.message).toContain(HOSTILE.script);
  });

  it('names suites by host when the report holds several hosts', () => {
    const root = parseXml(renderJunit(report(refhostReport().hosts[0]!, otherHostRun())));
    const names = findAll(root, 'testsuite').map((s) => s.attrs.name);
    expect(names).toContain('refhost DISCOVER');
    expect(names).toContain('codex DISCOVER');
    expect(findAll(root, 'testcase')).toHaveLength(14);
  });
});
