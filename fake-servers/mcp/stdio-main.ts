// Entry of the stdio fake MCP server (bundled into dist/stdio-fake.mjs, which runs it). The first
// thing it does is take SIGUSR1, so no one can open node's inspector in it and write its
// journal (the collector also refuses a server holding a listening socket); the server
// itself is stdio-server.ts.
process.on('SIGUSR1', () => undefined);
await import('./stdio-server.js');
