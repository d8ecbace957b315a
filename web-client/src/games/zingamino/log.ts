// Turns Zingamino step views into short sentences for the "what happened"
// log. The start-player draw is one line (a tie starts another), each deal
// one line, and a run of digs by one seat one line ("Ana dug 3 tiles"; the
// digger sees which). A circle bonus and a round's end get lines of their own.
// The replay's captions (`perStep`) tell each dealt or dug tile alone, so a
// count in a caption is what that step put in the hand.

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { RoundSummary } from '../../generated/zingamino/RoundSummary';
import type { ZingaminoTileId as TileId } from '../../generated/zingamino/ZingaminoTileId';
import { COLOURS, colourOf, isSquare, isZinga, spaceName, tileName, zStep, zView } from './util';
import { plural } from '../../lib/tableKit';

export interface LogLine {
  /** Version of the step that started this line. */
  key: string;
  text: string;
  tone: 'plain' | 'place' | 'dig' | 'bonus' | 'round' | 'muted';
  /** The seat whose line it is (for its colour), if any. */
  seat?: number;
}

/** "You" for the viewer, the seat's name otherwise. */
export type Who = (seat: number) => string;

function list(names: string[]): string {
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

/** One sentence for how a round ended and who collected what. */
export function roundEndText(r: RoundSummary, who: Who): string {
  const you = (s: number) => who(s) === 'You';
  if (r.ended_by === 'game_over') {
    const top = r.totals.indexOf(Math.max(...r.totals));
    return `Round ${r.round}: a circle bonus took ${who(top)} to ${r.totals[top]}: the game ends at once`;
  }
  if (r.ended_by === 'zinga') {
    const w = r.winners[0];
    return `ZINGA! ${who(w)} placed ${you(w) ? 'your' : 'their'} last tile and ${you(w) ? 'collect' : 'collects'} ${plural(r.collected[w], 'point')} (round ${r.round})`;
  }
  if (r.winners.length === 1) {
    const w = r.winners[0];
    return `Round ${r.round} blocked: ${who(w)} ${you(w) ? 'have' : 'has'} the lowest hand (${r.hand_values[w]}) and ${you(w) ? 'collect' : 'collects'} ${plural(r.collected[w], 'point')}`;
  }
  return `Round ${r.round} blocked: ${list(r.winners.map(who))} tie for the lowest hand and collect ${plural(r.collected[r.winners[0]], 'point')} each`;
}

/**
 * The log's lines, oldest first. `round` is the round in play now: the last
 * deal in the log is its deal (the log may not reach back to round 1).
 */
export function describe(entries: LogEntry[], who: Who, round: number, perStep = false): LogLine[] {
  const lines: LogLine[] = [];
  // Each deal's lines, by deal (the replay's captions give a deal one line per tile).
  const dealLines: LogLine[][] = [];
  const you = (seat: number) => who(seat) === 'You';

  let start: { line: LogLine; drawn: Map<number, TileId>; tie: boolean } | null = null;
  let deal: { line: LogLine; starter: number; count: Map<number, number> } | null = null;
  let dig: { line: LogLine; seat: number; shown: TileId[]; hidden: number } | null = null;

  const startText = (s: NonNullable<typeof start>) =>
    `${s.tie ? 'Tie for the highest tile, redraw' : 'Start-player draw'}: ${[...s.drawn].map(([seat, t]) => `${who(seat)} ${tileName(t)}`).join(', ')}`;

  for (const { version, step: any } of entries) {
    const s = zStep(any);
    if (!s) continue;
    const key = String(version);
    const isDraw = s.type === 'tile_drawn';
    if (!isDraw || s.reason !== 'start_player') start = null;
    if (!isDraw || s.reason !== 'deal') deal = null;
    if (!isDraw || s.reason !== 'dig') dig = null;
    switch (s.type) {
      case 'dug':
        // The seat's Dig: the tiles it brings follow, told as one line
        // (the replay's captions tell the Dig alone).
        if (perStep) {
          lines.push({ key, text: `${who(s.seat)} found nothing to place and ${you(s.seat) ? 'reach' : 'reaches'} into the bag`, tone: 'dig', seat: s.seat });
        }
        break;
      case 'tile_drawn': {
        if (s.reason === 'start_player') {
          if (!start || start.drawn.has(s.seat)) {
            const tie: boolean = start !== null;
            start = { line: { key, text: '', tone: 'muted' }, drawn: new Map(), tie };
            lines.push(start.line);
          }
          if (s.tile !== null) start.drawn.set(s.seat, s.tile);
          start.line.text = startText(start);
        } else if (s.reason === 'deal') {
          if (perStep) {
            // One tile to one hand: the caption says so, whoever started the deal.
            if (!deal) dealLines.push([]);
            deal ??= { line: { key, text: '', tone: 'plain' }, starter: s.seat, count: new Map() };
            const what = s.tile === null ? '' : `: ${tileName(s.tile)}`;
            const line: LogLine = { key, text: `Round ? deal: ${who(s.seat)} ${you(s.seat) ? 'were' : 'was'} dealt a tile${what}`, tone: 'plain', seat: s.seat };
            lines.push(line);
            dealLines[dealLines.length - 1].push(line);
            break;
          }
          if (!deal) {
            // The deal starts with the round's starter (4 each, twice).
            deal = { line: { key, text: '', tone: 'plain', seat: s.seat }, starter: s.seat, count: new Map() };
            lines.push(deal.line);
            dealLines.push([deal.line]);
          }
          deal.count.set(s.seat, (deal.count.get(s.seat) ?? 0) + 1);
          const n = Math.max(...deal.count.values());
          deal.line.text = `Round ?: ${who(deal.starter)} ${you(deal.starter) ? 'start' : 'starts'}; ${plural(n, 'tile')} dealt to each player`;
        } else {
          if (perStep) {
            const what = s.tile === null ? '' : `: ${tileName(s.tile)}`;
            lines.push({ key, text: `${who(s.seat)} dug a tile from the bag${what}`, tone: 'dig', seat: s.seat });
            break;
          }
          if (!dig || dig.seat !== s.seat) {
            dig = { line: { key, text: '', tone: 'dig', seat: s.seat }, seat: s.seat, shown: [], hidden: 0 };
            lines.push(dig.line);
          }
          if (s.tile !== null) dig.shown.push(s.tile);
          else dig.hidden += 1;
          const n = dig.shown.length + dig.hidden;
          dig.line.text = dig.shown.length
            ? `${who(s.seat)} dug ${plural(n, 'tile')} from the bag: ${dig.shown.map(tileName).join(', ')}`
            : `${who(s.seat)} dug ${plural(n, 'tile')} from the bag`;
        }
        break;
      }
      case 'placed': {
        const t = s.placed.tile;
        const v = (x: number | null) => (x === null ? '?' : String(x));
        const vals = isSquare(s.space) ? v(s.placed.ccw) : `${v(s.placed.ccw)}|${v(s.placed.cw)}`;
        lines.push({
          key,
          text: isZinga(t)
            ? `${who(s.seat)} placed the ${tileName(t)} on ${spaceName(s.space)}, as ${vals}`
            : `${who(s.seat)} placed ${tileName(t)} on ${spaceName(s.space)}`,
          tone: 'place',
          seat: s.seat,
        });
        if (s.bonus) {
          lines.push({
            key: `${key}b`,
            text: `${who(s.seat)} closed the ${COLOURS[colourOf(s.space)].name} circle: +16!`,
            tone: 'bonus',
            seat: s.seat,
          });
        }
        if (s.round_end) lines.push({ key: `${key}r`, text: roundEndText(s.round_end, who), tone: 'round' });
        break;
      }
      case 'passed':
        lines.push({
          key,
          text: `${who(s.seat)} passed: nothing fits and the bag is empty`,
          tone: 'muted',
          seat: s.seat,
        });
        if (s.round_end) lines.push({ key: `${key}r`, text: roundEndText(s.round_end, who), tone: 'round' });
        break;
    }
  }
  // Number the deals back from the round in play.
  dealLines.forEach((deal, i) => {
    for (const l of deal) l.text = l.text.replace('Round ?', `Round ${round - (dealLines.length - 1 - i)}`);
  });
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines as the viewer `me` reads them. */
export function narrate(log: LogEntry[], view: AnyView, nameOf: (seat: number) => string, me: number | null): string[] {
  const v = zView(view);
  if (!v) return [];
  const who = (s: number) => (s === me ? 'You' : nameOf(s));
  return describe(log, who, v.round, true).map((l) => l.text);
}

/**
 * `GameUi.actorOf`: the start-player draw and the deal are chance; a dig is
 * the digger's (it happens because they cannot place: it opens their turn).
 */
export function actorOf(any: AnyStepView): number | null {
  const s = zStep(any);
  if (!s) return null;
  return s.type === 'tile_drawn' && s.reason !== 'dig' ? null : s.seat;
}

/** `GameUi.roundOf`. */
export function roundOf(view: AnyView): number | null {
  return zView(view)?.round ?? null;
}
