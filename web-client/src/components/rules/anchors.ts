// Anchors inside the rules panel (the rules themselves are `GameRules`, in lib/types.ts).

/**
 * A stable anchor id for a rules section (the table of contents links to
 * it): by its place, so it is the same in every language and never empty
 * (a title in Arabic has no letters a–z).
 */
export function sectionId(game: string, index: number): string {
  return `rules-${game}-${index + 1}`;
}
