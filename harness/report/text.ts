// Text helpers for writers whose output must stay readable and valid whatever a server
// wrote: control characters (ANSI escapes included) are made visible, long text is capped.

/** C0 controls except tab/newline/CR, DEL and C1 controls, shown as \xNN so they neither act nor vanish. */
export function visibleControls(text: string): string {
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Cuts text to at most max characters, marking the cut with how much was left out. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max)}… [${text.length - max} more characters]`;
}

/** The numbers and patterns a check applied, one line ("deadlineMs=10000, earlyMs=750"); null when none. */
export function thresholdsText(thresholds: Readonly<Record<string, number | string>> | undefined): string | null {
  const entries = Object.entries(thresholds ?? {});
  return entries.length === 0 ? null : entries.map(([k, v]) => `${k}=${v}`).join(', ');
}

export function firstLine(text: string): string {
  return text.split(/\r?\n|\u2028|\u2029/, 1)[0] ?? '';
}
