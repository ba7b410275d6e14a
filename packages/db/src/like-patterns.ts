/** `text` with LIKE's wildcards and escape character escaped, to be matched literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A LIKE pattern for values containing `text` literally. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}
