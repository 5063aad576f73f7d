// REPLAY-1, through the host itself: the first start calls gone/delete_all and docs/search;
// gone is then removed from the configuration (the host's own remove command, or the file
// rewritten without it) and the second start resumes. The session opens with both recorded
// results, and nothing recorded is invoked again: neither server receives a tools/call.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { nothingReinvoked, resumedHistoryCarries } from '../harness/scenario/checks-replay.js';

const GONE = 'recorded-deleted-8f02';
const DOCS = 'recorded-result-5d1a';
const text = (t: string) => ({ kind: 'content' as const, content: [{ type: 'text' as const, text: t }] });

export default defineScenario({
  title: 'A session that used a server since removed resumes and re-invokes nothing',
  needs: ['sessions'],
  servers: {
    gone: { transport: 'http', behaviour: { tools: [{ name: 'delete_all', outcome: text(GONE) }] } },
    docs: { transport: 'http', behaviour: { tools: [{ name: 'search', outcome: text(DOCS) }] } },
  },
  model: [
    {
      calls: [
        { server: 'gone', tool: 'delete_all', arguments: { confirm: true } },
        { server: 'docs', tool: 'search', arguments: { query: 'limits' } },
      ],
    },
    { message: 'Cleaned up and searched.' },
    { message: 'Earlier I cleaned up and searched.' },
  ],
  host: { callTimeoutMs: 3000, connectTimeoutMs: 3000 },
  user: [
    { send: 'Clean up, then search.' },
    { approval: 'approve' },
    { approval: 'approve' },
    { end: 'eof' },
    { unconfigure: 'gone' },
    { restart: { resume: true } },
    { send: 'What happened before?' },
    { end: 'eof' },
  ],
  checks: [
    {
      id: 'session-opens-with-history',
      guarantees: ['REPLAY-1'],
      expected: "the resumed session opens with the recorded results of both calls, the removed server's included",
      provenBy: ['replay-needs-server'],
      grade: resumedHistoryCarries([GONE, DOCS]),
    },
    {
      id: 'nothing-reinvoked',
      guarantees: ['REPLAY-1'],
      expected: 'after the resume neither docs (still configured) nor gone receives a tools/call: nothing recorded is sent again',
      provenBy: ['replay-reinvokes'],
      grade: nothingReinvoked(['docs', 'gone'], DOCS),
    },
  ],
});
