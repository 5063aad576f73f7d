// CONFIG-1, NET-4: the project directory holds decoy MCP configurations (.mcp.json,
// .vscode/mcp.json, .cursor/mcp.json, mcp.json, and .mcp.json in its parent directory,
// written by the harness for every scenario), and here also the host's own configuration
// format where project-level settings of its kind would sit (its home layout mirrored in the
// project, and .APP/FILE: .codex/config.toml, .refhost/mcp.json), all pointing at a trap of
// their own; the host never reads them, never reports their servers and never contacts them.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { canaryAbsentEverywhere, trapUntouched } from '../harness/scenario/check-helpers.js';
import { noStatusLineFor } from '../harness/scenario/checks-credentials-network.js';

export default defineScenario({
  title: "The project's MCP configurations (.mcp.json and the like) are ignored: their servers are never reported, offered or contacted",
  servers: { docs: { transport: 'http', behaviour: { tools: [{ name: 'search' }] } } },
  ownConfigDecoys: true,
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'decoy-not-reported',
      guarantees: ['CONFIG-1'],
      expected:
        "no status line names project-decoy, project-decoy-vscode, project-decoy-cursor, project-decoy-plain, project-decoy-parent or project-decoy-own, the servers of the project's MCP configurations (its parent's too, and its own kind)",
      provenBy: [
        'read-project-config',
        'config-cursor-mcp-json-read',
        'config-parent-mcp-json-read',
        'config-project-dir-config-read',
        'ka-tui-responses-project-mcp-json',
      ],
      needs: ['server-status'],
      grade: noStatusLineFor('project-decoy'),
    },
    {
      id: 'decoy-never-contacted',
      guarantees: ['CONFIG-1', 'NET-4'],
      expected: 'the trap the decoys point at (their own) gets nothing',
      provenBy: ['read-project-config', 'config-project-dir-config-read', 'ka-tui-responses-project-mcp-json'],
      grade: trapUntouched('decoy'),
    },
    {
      id: 'decoy-header-unsent',
      guarantees: ['CONFIG-1', 'NET-4'],
      expected: "the decoys' bearer canaries are sent nowhere",
      provenBy: ['read-project-config', 'config-project-dir-config-read', 'ka-tui-responses-project-mcp-json'],
      grade: canaryAbsentEverywhere('decoy'),
    },
  ],
});
