// `--required-by <catalogue|spec|spec-must>` and `--tier`, the options `run` and `report merge`
// share to narrow what is graded (issue 16, part 4; issue 25): commander refuses any other value with one line and exit 2.
import { InvalidArgumentError, Option } from 'commander';
import { REQUIRED_BY } from '../catalogue/source-schema.js';
import { TIERS, type Tier } from '../catalogue/tiers.js';

export function requiredByOption(what: string): Option {
  return new Option(
    '--required-by <scope>',
    `${what} of guarantees the MCP specification itself asks: spec (a MUST, SHOULD or Key Principle sentence) or spec-must (a MUST sentence); catalogue: all`,
  )
    .choices(REQUIRED_BY)
    .default('catalogue');
}

/** `--tier spec-must,safety`: only checks of these tiers (issue 25); a value that is not a tier is one line and exit 2. */
export function tierOption(what: string): Option {
  return new Option('--tier <tiers>', `${what} of these tiers, comma-separated: ${TIERS.join(', ')} (default: all)`).argParser(parseTiers);
}

function parseTiers(value: string): Tier[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  const wrong = parts.filter((p) => !(TIERS as readonly string[]).includes(p));
  if (parts.length === 0 || wrong.length > 0)
    throw new InvalidArgumentError(`${wrong.length > 0 ? `not a tier: ${wrong.join(', ')}` : 'no tier named'}; the tiers are ${TIERS.join(', ')}`);
  return TIERS.filter((t) => parts.includes(t));
}
