/**
 * An answer's markdown as a screen reader should hear it: the words without the markup (emphasis and code marks,
 * heading, quote and list markers, link targets), on one line. Citation markers such as [1] stay.
 */
export function toSpokenText(markdown: string): string {
  return markdown
    .replace(/^\s*```.*$/gm, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}\s+|>\s?|[-*+]\s+|\d+[.)]\s+)/gm, '')
    .replace(/(\*\*|__|~~)(.+?)\1/g, '$2')
    .replace(/(\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
