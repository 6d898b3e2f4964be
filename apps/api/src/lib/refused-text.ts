/**
 * Text the API refuses wherever the contract reads a string (plugins/validation.ts) and removes
 * from the cells of an import file (import-file.ts): PostgreSQL's text and jsonb refuse NUL
 * (U+0000) and jsonb a lone surrogate; the other C0 control characters (tab, line feed and carriage
 * return excepted) are no one's text and are not allowed in XML, so an XLSX export could not hold them.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;

/** A high surrogate not followed by a low one, or a low one not after a high one (String#isWellFormed, which the project's TypeScript lib predates). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

const codePoint = (char: string) => `U+${char.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

export const TEXT_MESSAGES = {
  control: (char: string) => `Must not contain control characters (found ${codePoint(char)})`,
  surrogate: 'Must be valid Unicode text (found a lone surrogate)',
} as const;

/** What is wrong with a piece of text, if anything (TEXT_MESSAGES). */
export function textProblem(text: string): string | undefined {
  const control = CONTROL.exec(text);
  if (control) return TEXT_MESSAGES.control(control[0]);
  if (LONE_SURROGATE.test(text)) return TEXT_MESSAGES.surrogate;
  return undefined;
}

/** The text without the refused characters: the controls left out, a lone surrogate replaced by U+FFFD (as a decoder does). */
export function withoutRefusedText(text: string): string {
  return text.replace(CONTROLS, '').replace(LONE_SURROGATES, '\ufffd');
}
