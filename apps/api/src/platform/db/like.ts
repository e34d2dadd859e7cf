/**
 * Escapes LIKE's wildcards (`%`, `_`) and its escape character, so a search term typed by a person matches
 * literally: searching for "50%" finds "50%", not every name that starts with "50".
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
