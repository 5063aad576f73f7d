// APPROVE-5: the confirmation names the server, its destination and the tool's original name,
// shows the arguments as formatted JSON cut at about 2 KiB with the cut marked, and warns that
// the host cannot control what the server does with them.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { confirmationArgumentsCut, confirmationSays, confirmationShowed } from '../harness/scenario/checks-approval-results.js';

const TAIL = 'END-OF-ARGUMENTS-7c1';
const args = { query: 'release notes', padding: 'p'.repeat(3000), last: TAIL };
/** The usual ways to mark a cut: "cut", "truncated", an ellipsis, "N bytes not shown", "more omitted". */
const CUT_MARKER = /cut|truncat|\.\.\.|…|not shown|omitted/i;
/** The usual ways to say it: "cannot control", "has no control", "beyond (or outside) this host's control". */
const NO_CONTROL = /\b(?:cannot|can ?not|can't|does not|doesn't|is unable to)\s+control\b|\bno control\b|\b(?:beyond|outside|out of)\b[^.\n]{0,40}\bcontrol\b/i;

export default defineScenario({
  title: 'The confirmation shows server, destination, original tool name, the cut arguments and the warning',
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'notes.find' }] } } },
  model: [{ calls: [{ server: 'docs', tool: 'notes.find', arguments: args }] }, { message: 'Done.' }],
  host: { callTimeoutMs: 2000 },
  user: [{ send: 'Find notes.' }, { approval: 'deny' }, { end: 'eof' }],
  checks: [
    {
      id: 'shows-server',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation names the server "docs"',
      provenBy: ['terse-confirmation'],
      grade: confirmationShowed(0, 'server', () => 'docs'),
    },
    {
      id: 'shows-destination',
      guarantees: ['APPROVE-5'],
      expected: "the confirmation shows the server's URL",
      provenBy: ['terse-confirmation'],
      grade: confirmationShowed(0, 'destination', (obs) => obs.servers.docs?.destination ?? '(unknown)'),
    },
    {
      id: 'shows-original-tool-name',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation shows the tool\'s original name "notes.find"',
      provenBy: ['terse-confirmation'],
      grade: confirmationShowed(0, 'tool', () => 'notes.find'),
    },
    {
      id: 'arguments-cut-and-marked',
      guarantees: ['APPROVE-5'],
      expected: 'the formatted arguments are shown from the start, cut at about 2 KiB, the cut marked, the end not shown',
      provenBy: ['no-argument-cut'],
      grade: confirmationArgumentsCut(0, { head: '"query": "release notes"', tail: TAIL, maxBytes: 2048, marker: CUT_MARKER }),
    },
    {
      id: 'warns-about-the-server',
      guarantees: ['APPROVE-5'],
      expected: 'the confirmation warns that the host cannot control what the server does with the arguments',
      provenBy: ['terse-confirmation'],
      grade: confirmationSays(0, NO_CONTROL, 'warns that the host cannot control the server'),
    },
  ],
});
