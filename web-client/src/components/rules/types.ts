// The rules of one game, written for players (not the developer docs in
// docs/games/): a short "how to play" and titled sections of plain text.

export interface RulesSection {
  title: string;
  paragraphs: string[];
}

export interface GameRules {
  /** Two or three sentences: what the game is and how a turn goes. */
  summary: string;
  sections: RulesSection[];
}

/** A stable anchor id for a section title (the table of contents links to it). */
export function sectionId(game: string, title: string): string {
  return `rules-${game}-${title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}`;
}
