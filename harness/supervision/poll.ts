// Waiting on state that has no event to subscribe to (another process's existence, a stdio
// fake's journal file): re-check at a short interval until it holds or the deadline passes.
// The deadline bounds the wait; the verdict depends only on what was seen.

/** Resolves true as soon as `holds()` is true, false once `deadlineMs` passed without it. */
export async function pollUntil(holds: () => boolean, deadlineMs: number, pollMs = 10): Promise<boolean> {
  const end = Date.now() + deadlineMs;
  for (;;) {
    if (holds()) return true;
    if (Date.now() >= end) return false;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
