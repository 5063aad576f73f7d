/** A mutant or a seam that cannot be built: its message names which, and why. */
export class MutantError extends Error {
  override name = 'MutantError';
}
