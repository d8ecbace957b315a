// Anchors inside the rules panel (the rules themselves are `GameRules`, in lib/types.ts).

/** A stable anchor id for a section title (the table of contents links to it). */
export function sectionId(game: string, title: string): string {
  return `rules-${game}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}
