// INJECT-3: a heuristic for tool definitions that talk to the model instead of describing
// the tool ("ignore previous instructions", hidden <important> blocks, "do not tell the
// user", requests for ~/.ssh). A hit only flags the tool to the user at start-up; the text
// is still treated as data either way (INJECT-1), so false positives cost a line, not safety.

// seam: PATTERNS
/** Each pattern names one tell-tale phrase family; matched case-insensitively. */
const PATTERNS: readonly RegExp[] = [
  /\b(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|the\s+)?(?:previous\s+|prior\s+|above\s+|earlier\s+|other\s+|your\s+)?instructions\b/i,
  /<\s*\/?\s*(?:important|system|instructions?|secret)\s*>/i,
  /\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|mention|reveal|show|alert)\b[^.]*\buser\b/i,
  /\bsystem\s+prompt\b/i,
  /~\/\.ssh\b|\bid_(?:rsa|ed25519|ecdsa)\b|\.aws\/credentials\b/i,
  /\bbefore\s+(?:using|calling|invoking)\s+this\s+tool\b/i,
  /\byou\s+must\b/i,
  /\byou\s+are\s+now\b|\bnew\s+instructions\b/i,
];

/** Zero-width and other format characters removed first, so "ig\u200bnore" still matches. */
const INVISIBLE = /[\p{Cf}\u115F\u1160\u3164\uFFA0]/gu;

// seam: isInstructionLike
/** True when the text reads like instructions to the model. */
export function isInstructionLike(text: string): boolean {
  const visible = text.replace(INVISIBLE, '').replace(/\s+/g, ' ');
  return PATTERNS.some((pattern) => pattern.test(visible));
}

// seam: definitionTexts
/** The description plus every description/title inside the input schema (where poisoning also hides). */
export function definitionTexts(description: string, inputSchema: unknown): string[] {
  const texts = [description];
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'description' || key === 'title') && typeof value === 'string') texts.push(value);
        else visit(value);
      }
    }
  };
  visit(inputSchema);
  return texts;
}
