process.stdout.write('mcp-host-conformance: not built yet\n');
