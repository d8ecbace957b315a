// The quick reactions, in the order the reaction bar shows them (the words
// that name each one are the catalogs' `reactions.words`).
// Pure, for `npm run test:unit`.
import type { Reaction } from '../generated/Reaction';

export const REACTIONS: readonly Reaction[] = ['thumbs_up', 'clap', 'laugh', 'wow', 'sad', 'thinking'];

/** How long a reaction bubble stays by a player's name. */
export const BUBBLE_MS = 4000;
