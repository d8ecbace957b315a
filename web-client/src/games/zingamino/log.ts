// Turns Zingamino step views into short sentences for the "what happened"
// log. The start-player draw is one line (a tie starts another), each deal
// one line, and a run of digs by one seat one line ("Ana dug 3 tiles"; the
// digger sees which). A circle bonus and a round's end get lines of their own.
// The replay's captions (`perStep`) tell each dealt or dug tile alone, so a
// count in a caption is what that step put in the hand.
// The words come from the catalog passed in (English by default, so the
// unit and narration checks read English); numbers are written as `locale`
// writes them. This module is compiled for node too: it never reads the
// live catalog itself (index.ts and Table.svelte pass it).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { RoundSummary } from '../../generated/zingamino/RoundSummary';
import type { ZingaminoTileId as TileId } from '../../generated/zingamino/ZingaminoTileId';
import { circleName, colourOf, isSquare, isZinga, spaceName, tileName, valueText, zStep, zView } from './util';

export { valueText };
import { en, type ZingaminoMessages } from './i18n/en';

export interface LogLine {
  /** Version of the step that started this line. */
  key: string;
  text: string;
  tone: 'plain' | 'place' | 'dig' | 'bonus' | 'round' | 'muted';
  /** The seat whose line it is (for its colour), if any. */
  seat?: number;
}

/** Players' names by seat, and the reader's seat (their lines say "You"). */
export interface Who {
  nameOf: (seat: number) => string;
  me: number | null;
}

/** One sentence for how a round ended and who collected what. */
export function roundEndText(r: RoundSummary, who: Who, t: ZingaminoMessages = en): string {
  const you = (s: number) => s === who.me;
  const name = (s: number) => (you(s) ? t.log.you : who.nameOf(s));
  if (r.ended_by === 'game_over') {
    const top = r.totals.indexOf(Math.max(...r.totals));
    const p = { round: r.round, total: r.totals[top] };
    return you(top) ? t.log.gameOverYou(p) : t.log.gameOver({ ...p, name: name(top) });
  }
  if (r.ended_by === 'zinga') {
    const w = r.winners[0];
    const p = { round: r.round, points: r.collected[w] };
    return you(w) ? t.log.zingaYou(p) : t.log.zinga({ ...p, name: name(w) });
  }
  if (r.winners.length === 1) {
    const w = r.winners[0];
    const p = { round: r.round, value: r.hand_values[w], points: r.collected[w] };
    return you(w) ? t.log.blockedYou(p) : t.log.blocked({ ...p, name: name(w) });
  }
  return t.log.blockedTie({ round: r.round, names: r.winners.map(name), points: r.collected[r.winners[0]] });
}

/**
 * The log's lines, oldest first. `round` is the round in play now: the last
 * deal in the log is its deal (the log may not reach back to round 1).
 */
export function describe(
  entries: LogEntry[],
  who: Who,
  round: number,
  perStep = false,
  t: ZingaminoMessages = en,
  locale = 'en',
): LogLine[] {
  const lines: LogLine[] = [];
  // Each deal's lines, by deal, each with its words once the deal's round is
  // known (the replay's captions give a deal one line per tile).
  const dealLines: Array<Array<{ line: LogLine; text: (round: number) => string }>> = [];
  const you = (seat: number) => seat === who.me;
  const name = (seat: number) => (you(seat) ? t.log.you : who.nameOf(seat));
  const tile = (id: TileId) => tileName(id, t, locale);
  /** ": Green 2|3" after a caption, for the one who sees the tile. */
  const what = (id: TileId | null) => (id === null ? '' : `: ${tile(id)}`);
  const v = (x: number | null) => valueText(x, locale);

  let start: { line: LogLine; drawn: Map<number, TileId>; tie: boolean } | null = null;
  type Deal = { entry: { line: LogLine; text: (round: number) => string }; starter: number; count: Map<number, number> };
  let deal: Deal | null = null;
  let dig: { line: LogLine; seat: number; shown: TileId[]; hidden: number } | null = null;

  const startText = (s: NonNullable<typeof start>) => {
    const names = [...s.drawn].map(([seat, id]) => `${name(seat)} ${tile(id)}`);
    return s.tie ? t.log.startTie({ names }) : t.log.startDraw({ names });
  };

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
          lines.push({ key, text: you(s.seat) ? t.log.reachYou : t.log.reach({ name: name(s.seat) }), tone: 'dig', seat: s.seat });
        }
        break;
      case 'tile_drawn': {
        const seat = s.seat;
        if (s.reason === 'start_player') {
          if (!start || start.drawn.has(seat)) {
            const tie: boolean = start !== null;
            start = { line: { key, text: '', tone: 'muted' }, drawn: new Map(), tie };
            lines.push(start.line);
          }
          if (s.tile !== null) start.drawn.set(seat, s.tile);
          start.line.text = startText(start);
        } else if (s.reason === 'deal') {
          if (perStep) {
            // One tile to one hand: the caption says so, whoever started the deal.
            if (!deal) dealLines.push([]);
            deal ??= { entry: { line: { key, text: '', tone: 'plain' }, text: () => '' }, starter: seat, count: new Map() };
            const shown = what(s.tile);
            const line: LogLine = { key, text: '', tone: 'plain', seat };
            lines.push(line);
            dealLines[dealLines.length - 1].push({
              line,
              text: (r) => (you(seat) ? t.log.dealtOneYou({ round: r, tile: shown }) : t.log.dealtOne({ round: r, name: name(seat), tile: shown })),
            });
            break;
          }
          if (!deal) {
            // The deal starts with the round's starter (4 each, twice).
            const line: LogLine = { key, text: '', tone: 'plain', seat };
            const d: Deal = { entry: { line, text: () => '' }, starter: seat, count: new Map() };
            d.entry.text = (r: number) => {
              const tiles = Math.max(...d.count.values());
              return you(d.starter) ? t.log.dealYou({ round: r, tiles }) : t.log.deal({ round: r, name: name(d.starter), tiles });
            };
            deal = d;
            lines.push(line);
            dealLines.push([d.entry]);
          }
          deal.count.set(seat, (deal.count.get(seat) ?? 0) + 1);
        } else {
          if (perStep) {
            const shown = what(s.tile);
            lines.push({
              key,
              text: you(seat) ? t.log.dugOneYou({ tile: shown }) : t.log.dugOne({ name: name(seat), tile: shown }),
              tone: 'dig',
              seat,
            });
            break;
          }
          if (!dig || dig.seat !== seat) {
            dig = { line: { key, text: '', tone: 'dig', seat }, seat, shown: [], hidden: 0 };
            lines.push(dig.line);
          }
          if (s.tile !== null) dig.shown.push(s.tile);
          else dig.hidden += 1;
          const tiles = dig.shown.length + dig.hidden;
          const names = dig.shown.map(tile);
          dig.line.text = names.length
            ? you(seat)
              ? t.log.dugShownYou({ tiles, names })
              : t.log.dugShown({ name: name(seat), tiles, names })
            : you(seat)
              ? t.log.dugYou({ tiles })
              : t.log.dug({ name: name(seat), tiles });
        }
        break;
      }
      case 'placed': {
        const id = s.placed.tile;
        const values = isSquare(s.space) ? v(s.placed.ccw) : `${v(s.placed.ccw)}|${v(s.placed.cw)}`;
        const p = { tile: tile(id), space: spaceName(s.space, t, locale) };
        lines.push({
          key,
          text: isZinga(id)
            ? you(s.seat)
              ? t.log.placedZingaYou({ ...p, values })
              : t.log.placedZinga({ ...p, values, name: name(s.seat) })
            : you(s.seat)
              ? t.log.placedYou(p)
              : t.log.placed({ ...p, name: name(s.seat) }),
          tone: 'place',
          seat: s.seat,
        });
        if (s.bonus) {
          const circle = circleName(colourOf(s.space), t);
          lines.push({
            key: `${key}b`,
            text: you(s.seat) ? t.log.closedYou({ circle }) : t.log.closed({ name: name(s.seat), circle }),
            tone: 'bonus',
            seat: s.seat,
          });
        }
        if (s.round_end) lines.push({ key: `${key}r`, text: roundEndText(s.round_end, who, t), tone: 'round' });
        break;
      }
      case 'passed':
        lines.push({
          key,
          text: you(s.seat) ? t.log.passedYou : t.log.passed({ name: name(s.seat) }),
          tone: 'muted',
          seat: s.seat,
        });
        if (s.round_end) lines.push({ key: `${key}r`, text: roundEndText(s.round_end, who, t), tone: 'round' });
        break;
    }
  }
  // Number the deals back from the round in play.
  dealLines.forEach((d, i) => {
    for (const l of d) l.line.text = l.text(round - (dealLines.length - 1 - i));
  });
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines as the viewer `me` reads them. */
export function narrate(
  log: LogEntry[],
  view: AnyView,
  nameOf: (seat: number) => string,
  me: number | null,
  t: ZingaminoMessages = en,
  locale = 'en',
): string[] {
  const v = zView(view);
  if (!v) return [];
  return describe(log, { nameOf, me }, v.round, true, t, locale).map((l) => l.text);
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
