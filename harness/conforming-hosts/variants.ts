// The conforming variants by name (the name their entry and profile use).
import type { Variant } from './variant-kit.js';
import { MINIMAL } from './variant-minimal.js';
import { ONE_LINE_SUMMARY } from './variant-one-line-summary.js';
import { OWN_COMMANDS } from './variant-own-commands.js';
import { PLAIN_TEXT } from './variant-plain-text.js';

export const VARIANTS: Readonly<Record<string, Variant>> = {
  'plain-text': PLAIN_TEXT,
  'one-line-summary': ONE_LINE_SUMMARY,
  minimal: MINIMAL,
  'own-commands': OWN_COMMANDS,
};
