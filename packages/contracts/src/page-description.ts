/** Search results show about this much of a description; link previews less. */
export const pageDescriptionLength = 200;

/**
 * A page's description from longer text (markdown allowed): plain words, whole sentences up to
 * `pageDescriptionLength` characters, else the first words and an ellipsis.
 */
export function pageDescription(text: string): string {
  const plain = text
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (plain.length <= pageDescriptionLength) return plain;
  const sentences = plain.match(/[^.!?]+[.!?]+(\s|$)/g) ?? [];
  let description = '';
  for (const sentence of sentences) {
    if ((description + sentence).trim().length > pageDescriptionLength) break;
    description += sentence;
  }
  if (description.trim()) return description.trim();
  const words = plain.slice(0, pageDescriptionLength - 1);
  return `${words.slice(0, words.lastIndexOf(' '))}…`;
}
