// Faults of the governance area (POLICY-1..4, TELEMETRY-1..2): hosts that read the policy
// file but drop one of its settings, let "trusted" skip the question, start despite an
// invalid pack, or keep telemetry that is missing or says too much. They act through
// refhost's loadPolicy, wrapApprove and openTelemetry seams.
import type { ChatDeps } from '../../reference-host/chat/run-chat.js';
import { mcpConfigFile } from '../../reference-host/config/paths.js';
import { readMcpConfig } from '../../reference-host/config/mcp-config-file.js';
import { secretValues } from '../../reference-host/config/schema.js';
import { readPolicyFile } from '../../reference-host/policy/policy-file.js';
import type { ServerPolicy } from '../../reference-host/policy/policy-schema.js';
import { openPrivateJsonLines, telemetryRecord, type TelemetryEntry } from '../../reference-host/telemetry/telemetry-log.js';
import type { Fault } from './fault-kit.js';

/** Reads the policy as refhost does, then forgets one setting on every server. */
function policyWithout(setting: keyof ServerPolicy): ChatDeps['loadPolicy'] {
  return (file, configured) => {
    const policy = readPolicyFile(file, configured);
    if (policy === null) return null;
    const servers = Object.entries(policy.servers ?? {}).map(([name, rules]): [string, ServerPolicy] => {
      const { [setting]: _dropped, ...kept } = rules;
      return [name, kept];
    });
    return { servers: Object.fromEntries(servers) };
  };
}

/** Reads the policy as refhost does, then changes every server's callsPerMinute. */
function rateLimitAs(change: (limit: number) => number | undefined): ChatDeps['loadPolicy'] {
  return (file, configured) => {
    const policy = readPolicyFile(file, configured);
    if (policy === null) return null;
    const servers = Object.entries(policy.servers ?? {}).map(([name, { callsPerMinute, ...rest }]): [string, ServerPolicy] => {
      const limit = callsPerMinute === undefined ? undefined : change(callsPerMinute);
      return [name, limit === undefined ? rest : { ...rest, callsPerMinute: limit }];
    });
    return { servers: Object.fromEntries(servers) };
  };
}

/** Telemetry written as `line(entry)` instead of refhost's record. */
function telemetryAs(line: (entry: TelemetryEntry) => object | null): ChatDeps['openTelemetry'] {
  return (file) => {
    const out = openPrivateJsonLines(file);
    return {
      record: (entry) => {
        const written = line(entry);
        if (written !== null) out.append(written);
      },
      close: () => out.close(),
    };
  };
}

export const POLICY_TELEMETRY_FAULTS: Readonly<Record<string, Fault>> = {
  'ignore-deny-tools': {
    breaks: 'POLICY-1: denyTools patterns are read but never applied',
    deps: () => ({ loadPolicy: policyWithout('denyTools') }),
  },
  'ignore-rate-limit': {
    breaks: 'POLICY-2: callsPerMinute is read but never counted',
    deps: () => ({ loadPolicy: policyWithout('callsPerMinute') }),
  },
  'rate-limit-off-by-one': {
    breaks: 'POLICY-2: the call at the limit is refused too (callsPerMinute N lets N-1 through)',
    deps: () => ({ loadPolicy: rateLimitAs((limit) => limit - 1) }),
  },
  'rate-limit-skips-approval': {
    breaks: 'POLICY-2: calls past the limit are sent without asking instead of refused',
    deps: () => {
      let asked = 0;
      let limit: number | undefined;
      return {
        loadPolicy: rateLimitAs((n) => {
          limit = n;
          return undefined;
        }),
        wrapApprove: (ask) => async (request) => (limit !== undefined && asked >= limit ? true : (asked++, ask(request))),
      };
    },
  },
  'ignore-resource-allowlist': {
    breaks: 'POLICY-3: allowResources is read but every URI may be read',
    deps: () => ({ loadPolicy: policyWithout('allowResources') }),
  },
  'trusted-skips-approval': {
    breaks: 'POLICY-4: calls to a server the policy marks "trusted" run without asking',
    deps: () => ({ wrapApprove: (ask) => async (request) => request.trust === 'trusted' || ask(request) }),
  },
  'invalid-policy-ignored': {
    breaks: 'POLICY-4: an invalid policy file is skipped and the host starts without one',
    deps: () => ({
      loadPolicy: (file, servers) => {
        try {
          return readPolicyFile(file, servers);
        } catch {
          return null;
        }
      },
    }),
  },
  'no-telemetry': {
    breaks: 'TELEMETRY-1: no call leaves a record',
    deps: () => ({ openTelemetry: telemetryAs(() => null) }),
  },
  'telemetry-missing-fields': {
    breaks: 'TELEMETRY-1: records lack the offered name and the latency',
    deps: () => ({
      openTelemetry: telemetryAs((entry) => {
        const { offeredName: _name, latencyMs: _latency, ...rest } = telemetryRecord(entry);
        return rest;
      }),
    }),
  },
  'telemetry-logs-arguments': {
    breaks: 'TELEMETRY-2: records carry the call arguments',
    deps: () => ({ openTelemetry: telemetryAs((entry) => ({ ...telemetryRecord(entry), arguments: entry.args })) }),
  },
  'telemetry-logs-results': {
    breaks: 'TELEMETRY-2: records carry the result text',
    deps: () => ({ openTelemetry: telemetryAs((entry) => ({ ...telemetryRecord(entry), result: entry.output })) }),
  },
  'telemetry-logs-credentials': {
    breaks: "TELEMETRY-2: records carry the server's configured header values",
    deps: () => ({
      openTelemetry: telemetryAs((entry) => {
        const server = readMcpConfig(mcpConfigFile(process.env)).mcpServers[entry.server];
        return { ...telemetryRecord(entry), auth: server === undefined ? [] : secretValues(server) };
      }),
    }),
  },
};
