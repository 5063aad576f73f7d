// refhost's entry point (bin/refhost.js imports the built copy). Exits with the command's
// code once it is done, so a paused stdin or a finished chat leaves nothing waiting.
import { runCli } from './program.js';

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});
process.exit(code);
