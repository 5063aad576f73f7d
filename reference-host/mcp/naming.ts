// EXPOSE-1..3: the names offered to the model. mcp_<server>_<tool> when that is a valid,
// uncontested Responses API name; otherwise a deterministic hash suffix. Contests are decided
// on the whole set of claimants (every claimant of a contested name is suffixed), so the
// result never depends on discovery order and the same configuration gives the same names.
import { createHash } from 'node:crypto';

// seam: EXPOSED_NAME_PATTERN
export const EXPOSED_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;
/** Suffix lengths in hex characters; a longer one is used only if a shorter one still collides. */
const SUFFIX_LENGTHS = [8, 16, 32] as const;

export interface ToolRef {
  server: string;
  tool: string;
}

export function isValidExposedName(name: string): boolean {
  return EXPOSED_NAME_PATTERN.test(name);
}

// seam: hashHex
function hashHex(ref: ToolRef): string {
  return createHash('sha256').update(`${ref.server}\0${ref.tool}`).digest('hex');
}

// seam: nameAt
/** level 0: the plain name; level n: sanitized base cut to fit, "_", SUFFIX_LENGTHS[n-1] hex chars. */
function nameAt(ref: ToolRef, level: number): string {
  const base = `mcp_${ref.server}_${ref.tool}`;
  const hexLength = SUFFIX_LENGTHS[level - 1];
  if (hexLength === undefined) return base;
  const safe = base.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_LENGTH - 1 - hexLength);
  return `${safe}_${hashHex(ref).slice(0, hexLength)}`;
}

// seam: keyOf
const keyOf = (ref: ToolRef): string => `${ref.server}\0${ref.tool}`;

/**
 * How names are formed: `nameAt(ref, 0)` is the plain name, `nameAt(ref, n)` for n in
 * 1..levels the name with the n-th (longer) hash suffix. The contest rules below hold for
 * every scheme; the suite's conforming variants of refhost bring their own forms.
 */
export interface NameScheme {
  readonly levels: number;
  nameAt(ref: ToolRef, level: number): string;
}

/** refhost's own scheme: mcp_<server>_<tool>, then _<8|16|32 hex>. */
export const REFERENCE_NAMES: NameScheme = { levels: SUFFIX_LENGTHS.length, nameAt };

// seam: assignExposedNames
/**
 * Exposed name for every (server, tool) pair, keyed by `${server}\0${tool}`.
 * Always valid, unique, never a built-in name, and a pure function of the set of pairs.
 */
export function assignExposedNames(refs: readonly ToolRef[], builtinNames: readonly string[], scheme: NameScheme = REFERENCE_NAMES): Map<string, string> {
  const unique = new Map<string, ToolRef>();
  for (const ref of refs) unique.set(keyOf(ref), ref);
  const builtins = new Set(builtinNames);
  const levels = new Map<string, number>([...unique.keys()].map((key) => [key, 0]));
  const names = new Map<string, string>();
  for (;;) {
    names.clear();
    const claimants = new Map<string, string[]>();
    for (const [key, ref] of unique) {
      const name = scheme.nameAt(ref, levels.get(key) ?? 0);
      names.set(key, name);
      claimants.set(name, [...(claimants.get(name) ?? []), key]);
    }
    let bumped = false;
    for (const [name, keys] of claimants) {
      if (isValidExposedName(name) && !builtins.has(name) && keys.length === 1) continue;
      for (const key of keys) {
        const level = levels.get(key) ?? 0;
        // At the longest suffix a clash would need a 128-bit hash collision; stop there.
        if (level < scheme.levels) {
          levels.set(key, level + 1);
          bumped = true;
        }
      }
    }
    if (!bumped) return names;
  }
}

export function exposedNameKey(server: string, tool: string): string {
  return keyOf({ server, tool });
}
