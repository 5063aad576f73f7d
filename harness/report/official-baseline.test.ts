import { describe, expect, it } from 'vitest';
import { isOfficialBaselineFile, parseOfficialBaseline, renderOfficialBaseline } from './official-baseline.js';
import { ReportError } from './report-error.js';

const FILE = 'conformance-baseline.yml';
const parse = (text: string) => parseOfficialBaseline(text, FILE, 'refhost');

describe("the official suite's expected-failures format", () => {
  it('goes by the file name: .yaml or .yml', () => {
    expect([isOfficialBaselineFile('a.yaml'), isOfficialBaselineFile('b.YML'), isOfficialBaselineFile('c.json'), isOfficialBaselineFile('yaml')]).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });

  it('reads scenario:check as our check id scenario/check and a bare name as a whole scenario, a trailing comment as the reason', () => {
    const read = parse('client:\n  - approve-deny:no-bytes-before-yes # asks after sending\n  - expose-description\nserver: []\n');
    expect(read).toEqual({
      host: 'refhost',
      failures: [{ check: 'approve-deny/no-bytes-before-yes', reason: 'asks after sending' }],
      scenarios: [{ scenario: 'expose-description', reason: `listed in ${FILE}` }],
    });
  });

  it('reads an empty file or an empty list as no entries', () => {
    expect(parse('')).toEqual({ host: 'refhost', failures: [], scenarios: [] });
    expect(parse('client:\n')).toEqual({ host: 'refhost', failures: [], scenarios: [] });
  });

  const refusal = (text: string): string => {
    try {
      parse(text);
    } catch (error) {
      expect(error).toBeInstanceOf(ReportError);
      return (error as Error).message;
    }
    throw new Error('not refused');
  };

  it('refuses a mapping entry (a space after the colon) with the official hint', () => {
    expect(refusal('client:\n  - approve-deny: no-bytes-before-yes\n')).toBe(
      `${FILE}: not a valid expected-failures file (the official suite's format):\n  client[0]: '- approve-deny: no-bytes-before-yes' is a mapping: remove the space after the colon ('- approve-deny:no-bytes-before-yes')`,
    );
  });

  it('refuses server entries (a host is tested as a client), unknown keys, half entries and broken YAML', () => {
    expect(refusal('server:\n  - tools-list\n')).toContain('server: a host is tested as an MCP client here: list its entries under client');
    expect(refusal('clients:\n  - a\n')).toContain('(root): Unrecognized key: "clients"');
    expect(refusal('client:\n  - ":no-scenario"\n')).toContain("client[0]: each entry is '<scenario>' or '<scenario>:<check-id>', both sides non-empty");
    expect(refusal('client:\n  - a:\n')).toContain("client[0]: each entry is '<scenario>' or '<scenario>:<check-id>' (no space after the colon)");
    expect(refusal('client: [a, b\n')).toMatch(/^conformance-baseline\.yml: not valid YAML \(.+\)$/);
  });

  it('refuses a scenario listed both whole and per check, as the official suite does', () => {
    expect(refusal('client:\n  - approve-deny\n  - approve-deny:no-bytes-before-yes\n')).toBe(
      `${FILE}: 'approve-deny' expects the whole scenario to fail, so 'approve-deny:no-bytes-before-yes' is redundant: remove one or the other`,
    );
  });

  it('writes per-check entries with their reasons as comments, read back the same', () => {
    const baseline = { host: 'refhost', failures: [{ check: 'approve-deny/no-bytes-before-yes', reason: 'APPROVE-1: sent\nbefore yes' }] };
    const text = renderOfficialBaseline(baseline, FILE);
    expect(text).toBe(
      "# Expected failures of refhost (mcp-host-conformance; the official MCP conformance suite's format)\nclient:\n  - approve-deny:no-bytes-before-yes # APPROVE-1: sent before yes\n",
    );
    expect(parse(text).failures).toEqual([{ check: 'approve-deny/no-bytes-before-yes', reason: 'APPROVE-1: sent before yes' }]);
    expect(renderOfficialBaseline({ host: 'refhost', failures: [] }, FILE)).toContain('client: []\n');
  });

  it('refuses to write a flaky entry, which the format cannot say', () => {
    expect(() => renderOfficialBaseline({ host: 'refhost', failures: [{ check: 'a/b', reason: 'r', flaky: 'FAIL then PASS' }] }, FILE)).toThrow(
      `${FILE}: the official suite's format has no flaky entries, so a/b cannot be written there: write a .json baseline`,
    );
  });
});
