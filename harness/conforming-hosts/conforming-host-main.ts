// Entry of the conforming variants (bundled like refhost, started by dist/conforming-host.mjs):
// `--variant NAME chat [RESUME-FLAG]` runs refhost's chat loop in the variant's dialect;
// `--variant NAME mcp add|list|remove ...` refhost's server commands, or the variant's own
// commands. Only the suite launches it, through each variant's profile
// (harness/conforming-hosts/profiles). No top-level await: the bundle is CommonJS.
import { runChat } from '../../reference-host/chat/run-chat.js';
import { runCli } from '../../reference-host/cli/program.js';
import { variantEnv } from './variant-kit.js';
import { VARIANTS } from './variants.js';

const [flag, name, command, ...rest] = process.argv.slice(2);
const variant = name === undefined ? undefined : VARIANTS[name];
const usage = (): never => {
  process.stderr.write(`usage: conforming-host-main --variant (${Object.keys(VARIANTS).join('|')}) (chat [RESUME-FLAG] | COMMAND ...)\n`);
  process.exit(2);
};

async function main(): Promise<number> {
  if (flag !== '--variant' || variant === undefined || command === undefined) return usage();
  if (command === 'chat') {
    const resume = variant.resumeFlag !== null && rest.length === 1 && rest[0] === variant.resumeFlag;
    if (rest.length > 0 && !resume) usage();
    return runChat({
      continue: resume,
      env: variantEnv(variant, process.env),
      input: process.stdin,
      output: process.stdout,
      deps: { ...variant.deps?.(), dialect: variant.dialect },
    });
  }
  const io = { env: variantEnv(variant, process.env), stdin: process.stdin, stdout: process.stdout, stderr: process.stderr };
  if (variant.commands !== undefined) return variant.commands([command, ...rest], io);
  if (command !== 'mcp') usage();
  return runCli(['mcp', ...rest], io);
}

void main().then((code) => process.exit(code));
