// POLICY-1: the policy denies delete_* and purge_* on server docs, and patterns of other
// character classes: Drop* (upper case: a name is matched as it is, not lower-cased), rm_?
// ("?" is exactly one character) and admin/* ("*" spans "/"). The model calls delete_file,
// purge_cache (the second pattern applies as much as the first), DropTable, rm_x and
// admin/users/delete, then search: the five are refused locally (denied to the model, no
// question, nothing sent) while search is asked about and runs. Where the host keeps telemetry,
// each refused call leaves its record as the run call does (TELEMETRY-1).
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { modelSawStatuses } from '../harness/scenario/check-helpers.js';
import { noApprovalFor, serverNeverGotTool, telemetryRecordPerCall } from '../harness/scenario/checks-policy-telemetry.js';

export default defineScenario({
  title: 'A tool matching a denied pattern is refused locally; another tool of the server still runs',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'delete_file' }, { name: 'purge_cache' }, { name: 'DropTable' }, { name: 'rm_x' }, { name: 'admin/users/delete' }, { name: 'search' }],
      },
    },
  },
  policy: { servers: { docs: { denyTools: ['delete_*', 'purge_*', 'Drop*', 'rm_?', 'admin/*'] } } },
  model: [
    { calls: [{ server: 'docs', tool: 'delete_file', arguments: { path: 'notes.txt' } }] },
    { calls: [{ server: 'docs', tool: 'purge_cache', arguments: {} }] },
    { calls: [{ server: 'docs', tool: 'DropTable', arguments: {} }] },
    { calls: [{ server: 'docs', tool: 'rm_x', arguments: {} }] },
    { calls: [{ server: 'docs', tool: 'admin/users/delete', arguments: {} }] },
    { calls: [{ server: 'docs', tool: 'search', arguments: { query: 'notes' } }] },
    { message: 'Done.' },
  ],
  user: [{ send: 'Delete notes.txt, purge the cache, then search for notes.' }, { approval: 'approve' }, { end: 'eof' }],
  checks: [
    {
      id: 'denied-tool-never-sent',
      guarantees: ['POLICY-1'],
      expected: 'server docs receives tools/call for search but never for delete_file',
      provenBy: ['ignore-deny-tools'],
      grade: serverNeverGotTool('docs', 'delete_file', 'search'),
    },
    {
      id: 'second-pattern-applies-too',
      guarantees: ['POLICY-1'],
      expected: 'server docs never receives tools/call for purge_cache, denied by the second pattern',
      // ignore-deny-tools asks about delete_file first, so the allowed call never comes: BLOCKED there (denied-tool-never-sent fails).
      provenBy: ['policy-deny-first-pattern-only'],
      grade: serverNeverGotTool('docs', 'purge_cache', 'search'),
    },
    {
      id: 'patterns-of-every-character-class-apply',
      guarantees: ['POLICY-1'],
      expected: 'server docs never receives tools/call for DropTable (pattern Drop*, upper case), rm_x (pattern rm_?) or admin/users/delete (pattern admin/*)',
      // ignore-deny-tools asks about delete_file first, so the allowed call never comes: BLOCKED there (denied-tool-never-sent fails).
      provenBy: ['policy-deny-lowercased-name', 'policy-glob-star-stops-at-slash'],
      grade: serverNeverGotTool('docs', ['DropTable', 'rm_x', 'admin/users/delete'], 'search'),
    },
    {
      id: 'user-not-asked-about-denied-tool',
      guarantees: ['POLICY-1'],
      expected: 'the only approval request is for search; delete_file is never asked about',
      provenBy: ['ignore-deny-tools'],
      grade: noApprovalFor('delete_file'),
    },
    {
      id: 'model-told-denied',
      guarantees: ['POLICY-1'],
      expected: 'the model receives status denied for delete_file, purge_cache, DropTable, rm_x and admin/users/delete, and completed for search',
      provenBy: ['ignore-deny-tools'],
      grade: modelSawStatuses(['denied', 'denied', 'denied', 'denied', 'denied', 'completed']),
    },
    {
      id: 'refused-calls-recorded',
      guarantees: ['TELEMETRY-1', 'POLICY-1'],
      expected: 'the telemetry holds one record for every call, those the policy refused locally included',
      provenBy: ['telemetry-policy-refusals-not-recorded'],
      grade: telemetryRecordPerCall(),
    },
  ],
});
