// refhost's entry point (bin/refhost.js starts the built copy). Exits with the command's
// code once it is done, so a paused stdin or a finished chat leaves nothing waiting. No
// top-level await: the bundle is CommonJS, to start from V8's code cache (bundle-runner.ts).
import { runCli } from './program.js';

void runCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
}).then((code) => process.exit(code));
