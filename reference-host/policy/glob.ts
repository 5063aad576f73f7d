// POLICY-1, POLICY-3: the policy file's name patterns. `*` matches any run of characters
// (including "/"), `?` exactly one character, everything else itself; the whole string
// must match.

// seam: globToRegExp
export function globToRegExp(pattern: string): RegExp {
  let source = '';
  for (const char of pattern) {
    if (char === '*') source += '.*';
    else if (char === '?') source += '.';
    else source += char.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'su');
}

export function matchesGlob(pattern: string, value: string): boolean {
  return globToRegExp(pattern).test(value);
}

/** The first pattern that matches, if any. */
export function firstMatch(patterns: readonly string[], value: string): string | undefined {
  return patterns.find((pattern) => matchesGlob(pattern, value));
}
