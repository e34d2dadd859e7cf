/**
 * Characters no text field accepts, whatever the field.
 *
 * - C0 control characters (other than tab, line feed and carriage return) and DEL: they have no place in a name, an
 *   e-mail or a bio, PostgreSQL refuses the NUL character in text outright, and the others hide content from people
 *   and logs.
 * - Bidirectional embedding, override and isolate controls (U+202A–U+202E, U+2066–U+2069): they make a name or an
 *   address display differently from what it is (for example a file name that reads as '.pdf' but ends in '.exe').
 *   Right-to-left text itself needs none of them, so they are refused everywhere.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const BIDI_CONTROL = /[\u202A-\u202E\u2066-\u2069]/;

export type ForbiddenCharacterKind = 'control' | 'bidi';

/** Which kind of forbidden character a text holds, if any. */
export function findForbiddenCharacter(value: string): ForbiddenCharacterKind | null {
  if (CONTROL.test(value)) return 'control';
  if (BIDI_CONTROL.test(value)) return 'bidi';
  return null;
}

export const TEXT_HYGIENE_MESSAGES: Record<ForbiddenCharacterKind, string> = {
  control: 'Remove the invisible control characters from this field.',
  bidi: 'Remove the text-direction control characters from this field.',
};
