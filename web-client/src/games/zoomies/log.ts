// Turns Zoomies step views into short sentences for the "what happened" log.
// The start row is one line; the deal is one line per seat; tiles drawn
// after a turn or after a discarded hand join the line that caused them
// ("None of Ben's tiles fit anywhere: 2 tiles discarded, drew 2 new ones").
// The replay's captions tell each step alone (`perStep`).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { TileId } from '../../generated/zoomies/TileId';
import { ARROW, breedName, cellKey, gridOf, kindName, sideInfo, step, tileName, zStep, zView, type Grid } from './util';

export interface LogLine {
  /** Version of the step that started this line. */
  key: string;
  text: string;
  tone: 'plain' | 'place' | 'token' | 'bad' | 'muted';
  /** The seat whose line it is (for its colour), if any. */
  seat?: number;
}

export interface DescribeCtx {
  /** "You" for the viewer, the seat's name otherwise. */
  who: (seat: number) => string;
  /** The table now (tiles never move, so it names the dogs of any step). */
  grid: Grid;
  /**
   * One line per step, nothing joined (the replay's captions): a tile going
   * to a hand is told as that one tile, so the count matches the hand.
   */
  perStep?: boolean;
}

export function describe(entries: LogEntry[], ctx: DescribeCtx): LogLine[] {
  const lines: LogLine[] = [];
  const you = (seat: number) => ctx.who(seat) === 'You';
  const poss = (seat: number) => (you(seat) ? 'your' : `${ctx.who(seat)}'s`);
  const breedAt = (c: { x: number; y: number }) => {
    const s = ctx.grid.get(cellKey(c));
    return s ? breedName(s.dog.breed) : 'dog';
  };

  // Tiles going to a hand join the line of what made them come.
  type Draw = { line: LogLine; head: string; join: string; shown: TileId[]; hidden: number; unseen: string };
  let draws = new Map<number, Draw>();
  let startLine: LogLine | null = null;
  const starts: string[] = [];
  /** Before the first move: tiles going to hands are the deal. */
  let dealing = true;

  const drawText = (d: Draw) => {
    const parts: string[] = [];
    if (d.shown.length) parts.push(d.shown.map(tileName).join(' and '));
    if (d.hidden) parts.push(d.hidden === 1 ? `1 ${d.unseen}` : `${d.hidden} ${d.unseen}s`);
    return `${d.head}${d.join}${parts.join(' and ')}`;
  };
  const expectDraw = (seat: number, line: LogLine, join: string, unseen = 'tile') => {
    draws = new Map([[seat, { line, head: line.text, join, shown: [], hidden: 0, unseen }]]);
  };

  for (const { version, step: any } of entries) {
    const s = zStep(any);
    if (!s) continue;
    const key = String(version);
    if (s.type !== 'start_tile') startLine = null;
    if (s.type !== 'start_tile' && s.type !== 'tile_to' && s.type !== 'first_player') dealing = false;
    switch (s.type) {
      case 'start_tile': {
        starts.push(tileName(s.tile.tile));
        if (!startLine) {
          startLine = { key, text: '', tone: 'plain' };
          lines.push(startLine);
        }
        startLine.text = `Start row: ${starts.join(', ')}`;
        break;
      }
      case 'tile_to': {
        if (ctx.perStep) {
          const verb = dealing ? (you(s.seat) ? 'were dealt' : 'was dealt') : 'drew';
          const what = s.tile === null ? '' : `: ${tileName(s.tile)}`;
          lines.push({ key, text: `${ctx.who(s.seat)} ${verb} a tile${what}`, tone: 'muted', seat: s.seat });
          break;
        }
        let d = draws.get(s.seat);
        if (!d) {
          // The deal (one line per seat), or a draw with no line before it
          // (a turn that ended with an empty hand).
          const line: LogLine = { key, text: '', tone: 'muted', seat: s.seat };
          lines.push(line);
          const verb = !dealing ? 'drew' : you(s.seat) ? 'were dealt' : 'was dealt';
          d = { line, head: ctx.who(s.seat), join: ` ${verb} `, shown: [], hidden: 0, unseen: 'tile' };
          draws.set(s.seat, d);
        }
        if (s.tile !== null) d.shown.push(s.tile);
        else d.hidden += 1;
        d.line.text = drawText(d);
        break;
      }
      case 'first_player':
        draws = new Map();
        lines.push({ key, text: `${ctx.who(s.seat)} ${you(s.seat) ? 'go' : 'goes'} first`, tone: 'plain', seat: s.seat });
        break;
      case 'tile_placed':
        draws = new Map();
        lines.push({
          key,
          text: s.extra
            ? `${ctx.who(s.seat)} placed the Zoomies extra tile: ${tileName(s.tile.tile)}`
            : `${ctx.who(s.seat)} placed ${tileName(s.tile.tile)}`,
          tone: 'place',
          seat: s.seat,
        });
        break;
      case 'cannot_place': {
        draws = new Map();
        if (s.extra) {
          lines.push({ key, text: `${ctx.who(s.seat)} cannot place the extra tile anywhere: it stays in hand`, tone: 'bad', seat: s.seat });
        } else if (s.discarded > 0) {
          const line: LogLine = {
            key,
            text: `None of ${poss(s.seat)} tiles fit anywhere: ${s.discarded === 1 ? '1 tile' : `${s.discarded} tiles`} discarded`,
            tone: 'bad',
            seat: s.seat,
          };
          lines.push(line);
          expectDraw(s.seat, line, ', drew ', 'new tile');
        } else {
          lines.push({
            key,
            text: `None of ${poss(s.seat)} tiles fit and the pile is empty: no tile this turn`,
            tone: 'bad',
            seat: s.seat,
          });
        }
        break;
      }
      case 'token_placed': {
        draws = new Map();
        const info = sideInfo(s.side);
        let text = `${ctx.who(s.seat)} put a ${info.name} token on a ${breedAt(s.at)}`;
        if (s.side === 'frens' && s.arrow) text += `, arrow ${ARROW[s.arrow]} to a ${breedAt(step(s.at, s.arrow))}`;
        if (s.side === 'zoomies') text += ' — zoom! Another tile goes down';
        lines.push({ key, text, tone: 'token', seat: s.seat });
        break;
      }
      case 'token_discarded':
        draws = new Map();
        lines.push({
          key,
          text: `${ctx.who(s.seat)} could not place a token and discarded a ${kindName(s.kind)} token (0 points)`,
          tone: 'bad',
          seat: s.seat,
        });
        break;
      case 'turn_ended': {
        const line: LogLine = {
          key,
          text: s.discarded ? `${ctx.who(s.seat)} discarded the tile left in hand` : `${ctx.who(s.seat)} kept the tile in hand`,
          tone: 'muted',
          seat: s.seat,
        };
        lines.push(line);
        expectDraw(s.seat, line, ' and drew ');
        break;
      }
    }
  }
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines as the viewer `me` reads them. */
export function narrate(log: LogEntry[], view: AnyView, nameOf: (seat: number) => string, me: number | null): string[] {
  const v = zView(view);
  if (!v) return [];
  const who = (s: number) => (s === me ? 'You' : nameOf(s));
  return describe(log, { who, grid: gridOf(v.board), perStep: true }).map((l) => l.text);
}

/** `GameUi.actorOf`: the start row, tiles going to a hand and the first player are chance; the rest are the seat's moves. */
export function actorOf(any: AnyStepView): number | null {
  const s = zStep(any);
  if (!s) return null;
  return s.type === 'start_tile' || s.type === 'tile_to' || s.type === 'first_player' ? null : s.seat;
}
