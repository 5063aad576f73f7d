// A host whose own code crashes after starting a stdio server (run with `node --import tsx`).
// argv: INFO_FILE. The exit hook in stdio-transport must still stop the server's group (STDIO-5).
import { buildStdioEnv, StdioProcessTransport } from '../stdio-transport.js';
import { STDIO_FIXTURE } from './process-state.js';

const infoFile = process.argv[2] ?? '';
const transport = new StdioProcessTransport({
  command: process.execPath,
  args: [STDIO_FIXTURE, 'ok', infoFile],
  env: buildStdioEnv(process.env, {}),
});
const answered = new Promise<void>((resolve) => {
  transport.onmessage = () => resolve();
});
await transport.start();
await transport.send({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'crash', version: '1' } },
});
await answered;
throw new Error('the host crashed');
