// APPROVE-5: the confirmation names the server, its destination and the tool's original name,
// shows the arguments as formatted JSON cut at about 2 KiB (UTF-8 bytes: the padding is made of
// 2-byte characters, so a host counting characters shows too much) with the cut marked, and
// warns that the host cannot control what the server does with them. A second call whose
// arguments are under the cut (about 1.7 KiB) is shown whole. A third call goes to a stdio
// server: its destination is the whole command line, the command and its arguments. A fourth
// call's arguments are small values nested deep: 1.3 KiB as compact JSON, about 6 KiB
// formatted, so a host that measures the cut on the compact form shows them uncut.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import {
  confirmationArgumentsCut,
  confirmationArgumentsWhole,
  confirmationCutWhenFormatted,
  confirmationSays,
  confirmationShowed,
  confirmationShowedCommandLine,
} from '../harness/scenario/checks-approval-results.js';
import { callsAbout, type McpCall } from '../harness/scenario/call-of.js';

const PAD = 'é';
const TAIL = 'END-OF-ARGUMENTS-7c1';
const SMALL_TAIL = 'END-OF-SMALL-ARGUMENTS-2d8';
/** 3000 bytes of padding in 1500 characters: over 2 KiB in bytes, under it in characters. */
// Keys in alphabetical order, so a host that sorts them shows the same start and end.
const args = { about: 'release notes', padding: PAD.repeat(1500), tail: TAIL };
/** About 1.7 KiB formatted: under the cut however the JSON is indented. */
const small = { about: 'small notes', padding: PAD.repeat(820), tail: SMALL_TAIL };
const NESTED_TAIL = 'END-OF-NESTED-ARGUMENTS-9b3';
/** 200 pairs of one-digit numbers: about 1.3 KiB compact, about 6 KiB once every value has its own indented line (2.5 KiB with each pair on a line). */
const nested = { about: 'nested rows', rows: Array.from({ length: 200 }, () => [0, 1]), tail: NESTED_TAIL };
const ARGUMENT_BYTES = 2048;
/** The usual ways to mark a cut: "cut", "truncated", an ellipsis, "N bytes not shown", "more omitted". */
const CUT_MARKER = /cut|truncat|\.\.\.|…|not shown|omitted/i;
/** The usual ways to say it: "cannot control", "has no control", "beyond (or outside) this host's control". */
const NO_CONTROL = /\b(?:cannot|can ?not|can't|does not|doesn't|is unable to)\s+control\b|\bno control\b|\b(?:beyond|outside|out of)\b[^.\n]{0,40}\bcontrol\b/i;

const big: McpCall = { server: 'docs', tool: 'notes.find', arguments: args };
const smallCall: McpCall = { server: 'docs', tool: 'notes.find', arguments: small };
const grep: McpCall = { server: 'local', tool: 'grep', arguments: { pattern: 'TODO' } };
const nestedCall: McpCall = { server: 'docs', tool: 'notes.find', arguments: nested };
/** The host may ask for the four calls in any order: each check finds its call's confirmation by what it shows of it. */
const calls = [big, smallCall, grep, nestedCall];
const docsCall = callsAbout(calls, (c) => c.server === 'docs');

export default defineScenario({
  title: 'The confirmation shows server, destination, original tool name, the cut arguments and the warning',
  servers: {
    docs: { transport: 'http', behaviour: { tools: [{ name: 'notes.find' }] } },
    local: { transport: 'stdio', behaviour: { tools: [{ name: 'grep' }] } },
  },
  model: [{ calls }, { message: 'Done.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Find notes.' }, { approval: 'deny' }, { approval: 'deny' }, { approval: 'deny' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'shows-server',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation names the server "docs"',
      provenBy: ['terse-confirmation'],
      grade: confirmationShowed(docsCall, 'server', () => 'docs'),
    },
    {
      id: 'shows-destination',
      guarantees: ['APPROVE-5'],
      expected: "the confirmation shows the server's URL",
      provenBy: ['terse-confirmation'],
      needs: ['own-screen'],
      grade: confirmationShowed(docsCall, 'destination', (obs) => obs.servers.docs?.destination ?? '(unknown)'),
    },
    {
      id: 'shows-stdio-command-line',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation of the stdio call shows its command line: the command and every argument',
      provenBy: ['terse-confirmation', 'approve-destination-command-only'],
      needs: ['own-screen'],
      grade: confirmationShowedCommandLine(
        callsAbout(calls, (c) => c === grep),
        'local',
      ),
    },
    {
      id: 'shows-original-tool-name',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation shows the tool\'s original name "notes.find"',
      provenBy: ['terse-confirmation'],
      grade: confirmationShowed(docsCall, 'tool', () => 'notes.find'),
    },
    {
      id: 'arguments-cut-and-marked',
      guarantees: ['APPROVE-5'],
      expected:
        'the formatted arguments are shown from the start, cut at about 2 KiB of UTF-8 (between 1.5 and 2 KiB of the padding shown), the cut marked, the end not shown',
      provenBy: ['no-argument-cut', 'approve-args-cut-in-characters', 'approve-args-tail-shown'],
      needs: ['own-screen'],
      grade: confirmationArgumentsCut(
        callsAbout(calls, (c) => c === big),
        { head: 'release notes', tail: TAIL, pad: PAD, marker: CUT_MARKER },
        { minBytes: 1536, maxBytes: ARGUMENT_BYTES },
      ),
    },
    {
      id: 'small-arguments-whole',
      guarantees: ['APPROVE-5'],
      expected: 'arguments of about 1.7 KiB, under the cut, are shown whole',
      provenBy: ['approve-args-cut-at-1k'],
      needs: ['own-screen'],
      grade: confirmationArgumentsWhole(callsAbout(calls, (c) => c === smallCall)),
    },
    {
      id: 'formatted-arguments-cut',
      guarantees: ['APPROVE-5'],
      expected: 'arguments of 1.3 KiB compact but about 6 KiB formatted are cut too: their start shown, their end not, the cut marked',
      provenBy: ['approve-args-bound-on-compact-json'],
      needs: ['own-screen'],
      grade: confirmationCutWhenFormatted(
        callsAbout(calls, (c) => c === nestedCall),
        { head: 'nested rows', tail: NESTED_TAIL, marker: CUT_MARKER },
      ),
    },
    {
      id: 'warns-about-the-server',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation warns that the host cannot control what the server does with the arguments',
      provenBy: ['terse-confirmation'],
      needs: ['own-screen'],
      grade: confirmationSays(docsCall, NO_CONTROL, 'warns that the host cannot control the server'),
    },
  ],
});
