/**
 * Control characters, line and paragraph separators: names shown to other people, in the app and in mails,
 * hold none.
 */
const UNPRINTABLE = /[\p{Cc}\p{Zl}\p{Zp}]/u;

/**
 * Format characters (Unicode Cf) and the Hangul fillers (letters that show nothing): invisible, they make a
 * name read as something else (the marks that reorder text), or hide text from people that a model still
 * reads (tag characters, U+E0000–E007F). Only emoji need some of them (INVISIBLE_OR_EMOJI).
 */
const INVISIBLE = String.raw`[\p{Cf}\u115f\u1160\u3164\uffa0]`;
const EMOJI_PART = String.raw`\p{Extended_Pictographic}(?:\uFE0F|\p{Emoji_Modifier})?`;
/** Where emoji need format characters: joiners between pictographs (👩🏽‍💻), a subdivision flag's tags (🏴 + tags + cancel tag). */
const EMOJI_SEQUENCE = String.raw`${EMOJI_PART}(?:\u200D${EMOJI_PART})+|\u{1F3F4}[\u{E0061}-\u{E007A}]+\u{E007F}`;
/** An emoji sequence (kept whole, group 1), or an invisible character anywhere else. */
const INVISIBLE_OR_EMOJI = new RegExp(`(${EMOJI_SEQUENCE})|${INVISIBLE}`, 'gu');

/** Whether text has an invisible character outside the emoji that need one. */
function containsInvisible(text: string): boolean {
  let found = false;
  text.replace(INVISIBLE_OR_EMOJI, (match, emoji?: string) => {
    if (emoji === undefined) found = true;
    return match;
  });
  return found;
}

export function containsUnprintable(text: string): boolean {
  return UNPRINTABLE.test(text) || containsInvisible(text);
}

/** For text of several lines (descriptions, note content): line breaks and tabs are fine, the rest is not. */
export function containsUnprintableInLines(text: string): boolean {
  return containsUnprintable(text.replace(/[\t\n\r\u2028\u2029]/g, ''));
}

/**
 * The text without invisible characters (emoji keep theirs): what a model is given to read, so text
 * hidden from the people who wrote and read it cannot reach the model as instructions.
 */
export function withoutInvisible(text: string): string {
  return text.replace(INVISIBLE_OR_EMOJI, (_match, emoji?: string) => emoji ?? '');
}
