// How History and the match page mark a seat a bot played: with its level
// ("hard bot"), or just "bot" for a match recorded before levels were kept.
import { m } from '../i18n/i18n.svelte';
import { t } from './i18n';
import type { BotLevel } from '../generated/BotLevel';

/** The mark for `seat`, or null when no bot played it. */
export function botMark(record: { bots?: number[]; bot_levels?: BotLevel[] }, seat: number): string | null {
  const at = record.bots?.indexOf(seat) ?? -1;
  if (at < 0) return null;
  const level = record.bot_levels?.[at];
  return level ? m.presence.bot({ level: m.presence.levels[level] }) : t.common.bot;
}
