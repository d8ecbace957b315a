// The quick reactions, in the order the reaction bar shows them, with the
// words that name each one (for screen readers and the chat line).
// Pure, for `npm run test:unit`.
import type { Reaction } from '../generated/Reaction';

export const REACTIONS: readonly Reaction[] = ['thumbs_up', 'clap', 'laugh', 'wow', 'sad', 'thinking'];

const WORDS: Record<Reaction, string> = {
  thumbs_up: 'thumbs up',
  clap: 'clap',
  laugh: 'laugh',
  wow: 'wow',
  sad: 'sad',
  thinking: 'thinking',
};

/** "thumbs up", "clap", … */
export function reactionWord(r: Reaction): string {
  return WORDS[r] ?? r;
}

/** How long a reaction bubble stays by a player's name. */
export const BUBBLE_MS = 4000;
