// STDIO-2/3/4/5: a stdio server with configured variables (one of them LANG, which the host
// also has) writes a marker to stderr and starts a child it leaves running when it exits; the
// host must give it its own group and a bare environment holding the configured values,
// discard its stderr, and leave nothing running after end of input. A second server ignores
// the end of its stdin and SIGTERM (only SIGKILL stops it); a third writes a marker to stderr
// and crashes at start (its stderr must not become its status reason either).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  canaryAbsentEverywhere,
  modelSawStatuses,
  nothingLeftRunning,
  stdioEnvHolds,
  stdioEnvOnly,
  stderrDiscarded,
  stdioOwnGroup,
} from '../harness/scenario/check-helpers.js';

/** Differs from the host's own LANG (C.UTF-8): the configured value must win. */
const CONFIGURED_LANG = 'en_GB.UTF-8';

export default defineScenario({
  title: 'A stdio server gets its own group and a bare environment, its stderr is dropped, and it is reaped at end of input',
  servers: {
    local: {
      transport: 'stdio',
      env: { NOTES_TOKEN: '{canary}', LANG: CONFIGURED_LANG },
      behaviour: { tools: [{ name: 'note' }], stdio: { stderrText: 'stderr {canary}', leaveChild: true } },
    },
    // No configured variables at all: the bare environment must not fall back to the host's whole one.
    // It also ignores the host's polite stops: the host must escalate to SIGKILL.
    plain: { transport: 'stdio', behaviour: { tools: [{ name: 'ping' }], stdio: { stubborn: true } } },
    crashing: {
      transport: 'stdio',
      behaviour: { stages: { connect: { kind: 'crash' } }, tools: [{ name: 'lost' }], stdio: { stderrText: 'stderr {canary}' } },
    },
  },
  model: [{ calls: [{ server: 'local', tool: 'note', arguments: { text: 'hi' } }] }, { message: 'Noted.' }],
  host: { callTimeoutMs: 5000 },
  // Stopping the stubborn server takes a conforming host seconds (the SDK's close waits 2 s for
  // it to exit, then 2 s after SIGTERM before SIGKILL): the exit is awaited 10 s, not the default 5.
  user: [{ send: 'Take a note.' }, { approval: 'approve' }, { end: 'eof', within: 10_000 }],
  checks: [
    {
      id: 'call-completed',
      guarantees: ['TRANSPORT-1'],
      expected: 'a call over stdio completes',
      provenBy: ['no-stdio'],
      grade: modelSawStatuses(['completed']),
    },
    {
      id: 'own-process-group',
      guarantees: ['STDIO-2'],
      expected: 'the server leads its own process group, apart from the host',
      provenBy: ['shared-group'],
      grade: stdioOwnGroup('local'),
    },
    {
      id: 'bare-environment',
      guarantees: ['STDIO-3'],
      expected:
        "the server environment holds only PATH, HOME, LANG and the configured NOTES_TOKEN: none of the host's shell variables (TERM, USER, SHELL, NODE_OPTIONS ...), none of the families of the three kept (LC_CTYPE, LANGUAGE, HOMEBREW_PREFIX), no secrets",
      provenBy: ['leak-env', 'pass-term-and-token-to-stdio', 'stdio-env-locale-family'],
      grade: stdioEnvOnly('local', ['NOTES_TOKEN']),
    },
    {
      id: 'configured-values-kept',
      guarantees: ['STDIO-3'],
      expected: `the configured variables reach the server with their configured values: LANG is ${CONFIGURED_LANG}, not the host's own`,
      provenBy: ['stdio-env-host-overrides-configured'],
      grade: stdioEnvHolds('local', { LANG: CONFIGURED_LANG }),
    },
    {
      id: 'bare-environment-none-configured',
      guarantees: ['STDIO-3'],
      expected: 'a server with no configured variables gets only PATH, HOME and LANG',
      provenBy: ['leak-env', 'stdio-env-whole-when-none-configured'],
      grade: stdioEnvOnly('plain', []),
    },
    {
      id: 'api-key-not-in-server',
      guarantees: ['STDIO-3', 'CRED-2'],
      expected:
        "the model API key, the host's own secrets and the server token appear only where allowed, in any form (a leftover server holding its own token is STDIO-5's business)",
      provenBy: ['leak-env', 'pass-term-and-token-to-stdio', 'stdio-env-whole-when-none-configured'],
      grade: canaryAbsentEverywhere(''),
    },
    {
      id: 'stderr-discarded',
      guarantees: ['STDIO-4'],
      expected: 'the canary the server writes to stderr is nowhere, in any form: not on screen, in a file, a model request or another server',
      provenBy: ['show-stderr', 'ka-tui-responses-server-stderr-shown'],
      grade: stderrDiscarded('local'),
    },
    {
      id: 'crashed-server-stderr-discarded',
      guarantees: ['STDIO-4'],
      expected: 'the canary a server writes to stderr before it crashes at start is nowhere either: not in its status line or anywhere else',
      provenBy: ['stdio-stderr-in-exit-reason', 'ka-tui-responses-server-stderr-shown'],
      grade: stderrDiscarded('crashing'),
    },
    {
      id: 'reaped-on-end-of-input',
      guarantees: ['STDIO-5'],
      expected:
        'after end of input the host exits and neither the server nor its child, nor the server that ignores its stdin closing and SIGTERM, is left running',
      provenBy: ['no-reap', 'stdio-no-sigkill-escalation'],
      grade: nothingLeftRunning('local'),
    },
  ],
});
