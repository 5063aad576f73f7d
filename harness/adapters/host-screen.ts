// A host process's screen (every terminal host, every host command): the capture that screen
// patterns and the canary scan read (CRED-3), and on a pseudo-terminal the screen as the user
// sees it, rendered (CRED-1 echo-off, INJECT-2).
import type { OutputTap } from '../sandbox/canary-stream.js';
import type { ScreenText } from '../scenario/observations.js';
import type { GroupProcess } from '../supervision/process-group.js';
import { RenderedScreen } from './rendered-screen.js';
import { ScreenCapture } from './screen-capture.js';

/**
 * A host's screen: the capture the patterns and the canary scan read, and on a terminal the
 * rendered screen too. `settled` resolves once the host exited and its output was rendered.
 * With `frames` (a full-screen host, read as drawn), `frames` is a capture of the rendered
 * screen's states, each visible screen after a form feed line, for the patterns to read.
 */
export function captureScreen(
  proc: GroupProcess,
  tap: OutputTap | undefined,
  answer: (data: string) => void,
  options: { frames?: boolean } = {},
): { capture: ScreenCapture; rendered: RenderedScreen | null; frames: ScreenCapture | null; settled: Promise<void> } {
  const rendered = proc.terminal === undefined ? null : new RenderedScreen(proc.terminal, answer);
  const capture = new ScreenCapture(undefined, tap, rendered === null ? undefined : { mirror: (chunk) => rendered.write(chunk) });
  const frames = options.frames === true && rendered !== null ? new ScreenCapture() : null;
  if (frames !== null) rendered?.onFrame((frame) => frames.append('stdout', `\f\n${frame}\n`));
  capture.attach(proc.stdout, proc.stderr);
  const settled = proc.exited.then(async () => {
    // Let the last output chunks land before waiters are told the host is gone.
    await new Promise((resolve) => setImmediate(resolve));
    capture.close();
    await rendered?.settled();
    frames?.close();
  });
  return { capture, rendered, frames, settled };
}

/** A protocol client's screen: the user is shown its transcript (stdout), never the agent's stderr log. */
export function shownAsTranscript(text: ScreenText): ScreenText {
  return { ...text, shown: text.stdout };
}

export function screenOf(capture: ScreenCapture, rendered: RenderedScreen | null): ScreenText {
  return rendered === null ? capture.text() : { ...capture.text(), rendered: rendered.text(), seen: rendered.seenLines() };
}
