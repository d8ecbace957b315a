// Turns Zoomies step views into short sentences for the "what happened" log.
// The start row is one line; the deal is one line per seat; tiles drawn
// after a turn or after a discarded hand join the line that caused them
// ("None of Ben's tiles fit anywhere: 2 tiles discarded, drew 2 new ones").
// The replay's captions tell each step alone (`perStep`).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { TileId } from '../../generated/zoomies/TileId';
import { ARROW, breedName, cellKey, gridOf, kindName, step, tileName, zStep, zView, type Grid } from './util';
import { en, type ZoomiesMessages } from './i18n/en';

export interface LogLine {
  /** Version of the step that started this line. */
  key: string;
  text: string;
  tone: 'plain' | 'place' | 'token' | 'bad' | 'muted';
  /** The seat whose line it is (for its colour), if any. */
  seat?: number;
}

export interface DescribeCtx {
  /** A seat's name. */
  name: (seat: number) => string;
  /** The viewer's seat ("You"), if any. */
  me: number | null;
  /** The table now (tiles never move, so it names the dogs of any step). */
  grid: Grid;
  /**
   * One line per step, nothing joined (the replay's captions): a tile going
   * to a hand is told as that one tile, so the count matches the hand.
   */
  perStep?: boolean;
  /** The words (English unless given: the table passes the live catalog). */
  t?: ZoomiesMessages;
}

export function describe(entries: LogEntry[], ctx: DescribeCtx): LogLine[] {
  const t = ctx.t ?? en;
  const L = t.log;
  const lines: LogLine[] = [];
  const you = (seat: number) => seat === ctx.me;
  const who = (seat: number) => ctx.name(seat);
  const tile = (id: TileId) => tileName(id, t);
  const breedAt = (c: { x: number; y: number }) => {
    const s = ctx.grid.get(cellKey(c));
    return s ? breedName(s.dog.breed, false, t) : t.dog;
  };

  // Tiles going to a hand join the line of what made them come: `say`
  // words the line with what was drawn so far (none yet: `names` empty).
  type Draw = { line: LogLine; say: (names: string[]) => string; shown: TileId[]; hidden: number; fresh: boolean };
  let draws = new Map<number, Draw>();
  let startLine: LogLine | null = null;
  const starts: string[] = [];
  /** Before the first move: tiles going to hands are the deal. */
  let dealing = true;

  const drawText = (d: Draw) => {
    const names = d.shown.map(tile);
    if (d.hidden) names.push(d.fresh ? L.hiddenNew({ count: d.hidden }) : L.hidden({ count: d.hidden }));
    return d.say(names);
  };
  const expectDraw = (seat: number, line: LogLine, say: (names: string[]) => string, fresh = false) => {
    draws = new Map([[seat, { line, say, shown: [], hidden: 0, fresh }]]);
  };

  for (const { version, step: any } of entries) {
    const s = zStep(any);
    if (!s) continue;
    const key = String(version);
    if (s.type !== 'start_tile') startLine = null;
    if (s.type !== 'start_tile' && s.type !== 'tile_to' && s.type !== 'first_player') dealing = false;
    switch (s.type) {
      case 'start_tile': {
        starts.push(tile(s.tile.tile));
        if (!startLine) {
          startLine = { key, text: '', tone: 'plain' };
          lines.push(startLine);
        }
        startLine.text = L.startRow({ names: starts });
        break;
      }
      case 'tile_to': {
        if (ctx.perStep) {
          const name = who(s.seat);
          let text: string;
          if (s.tile === null) {
            text = dealing ? (you(s.seat) ? L.youDealtHidden : L.dealtHidden({ name })) : you(s.seat) ? L.youDrewHidden : L.drewHidden({ name });
          } else {
            const shown = tile(s.tile);
            text = dealing
              ? you(s.seat)
                ? L.youDealtTile({ tile: shown })
                : L.dealtTile({ name, tile: shown })
              : you(s.seat)
                ? L.youDrewTile({ tile: shown })
                : L.drewTile({ name, tile: shown });
          }
          lines.push({ key, text, tone: 'muted', seat: s.seat });
          break;
        }
        let d = draws.get(s.seat);
        if (!d) {
          // The deal (one line per seat), or a draw with no line before it
          // (a turn that ended with an empty hand).
          const line: LogLine = { key, text: '', tone: 'muted', seat: s.seat };
          lines.push(line);
          const name = who(s.seat);
          const mine = you(s.seat);
          const say = !dealing
            ? (names: string[]) => (mine ? L.youDrew({ names }) : L.drew({ name, names }))
            : (names: string[]) => (mine ? L.youDealt({ names }) : L.dealt({ name, names }));
          d = { line, say, shown: [], hidden: 0, fresh: false };
          draws.set(s.seat, d);
        }
        if (s.tile !== null) d.shown.push(s.tile);
        else d.hidden += 1;
        d.line.text = drawText(d);
        break;
      }
      case 'first_player':
        draws = new Map();
        lines.push({ key, text: you(s.seat) ? L.youFirst : L.first({ name: who(s.seat) }), tone: 'plain', seat: s.seat });
        break;
      case 'tile_placed': {
        draws = new Map();
        const name = who(s.seat);
        const placed = tile(s.tile.tile);
        lines.push({
          key,
          text: s.extra
            ? you(s.seat)
              ? L.youPlacedExtra({ tile: placed })
              : L.placedExtra({ name, tile: placed })
            : you(s.seat)
              ? L.youPlaced({ tile: placed })
              : L.placed({ name, tile: placed }),
          tone: 'place',
          seat: s.seat,
        });
        break;
      }
      case 'cannot_place': {
        draws = new Map();
        const name = who(s.seat);
        const mine = you(s.seat);
        if (s.extra) {
          lines.push({ key, text: mine ? L.youExtraStuck : L.extraStuck({ name }), tone: 'bad', seat: s.seat });
        } else if (s.discarded > 0) {
          const count = s.discarded;
          const say = (names: string[]) =>
            names.length
              ? mine
                ? L.youNoFitDrew({ count, names })
                : L.noFitDrew({ name, count, names })
              : mine
                ? L.youNoFit({ count })
                : L.noFit({ name, count });
          const line: LogLine = { key, text: say([]), tone: 'bad', seat: s.seat };
          lines.push(line);
          expectDraw(s.seat, line, say, true);
        } else {
          lines.push({ key, text: mine ? L.youNoFitEmpty : L.noFitEmpty({ name }), tone: 'bad', seat: s.seat });
        }
        break;
      }
      case 'token_placed': {
        draws = new Map();
        const name = who(s.seat);
        const mine = you(s.seat);
        const breed = breedAt(s.at);
        let text: string;
        if (s.side === 'frens' && s.arrow) {
          const p = { breed, arrow: ARROW[s.arrow], fren: breedAt(step(s.at, s.arrow)) };
          text = mine ? L.youTokenFrens(p) : L.tokenFrens({ name, ...p });
        } else if (s.side === 'zoomies') {
          text = mine ? L.youTokenZoomies({ breed }) : L.tokenZoomies({ name, breed });
        } else {
          const side = t.sides[s.side];
          text = mine ? L.youToken({ side, breed }) : L.token({ name, side, breed });
        }
        lines.push({ key, text, tone: 'token', seat: s.seat });
        break;
      }
      case 'token_discarded': {
        draws = new Map();
        const kind = kindName(s.kind, t);
        lines.push({
          key,
          text: you(s.seat) ? L.youTokenDiscarded({ kind }) : L.tokenDiscarded({ name: who(s.seat), kind }),
          tone: 'bad',
          seat: s.seat,
        });
        break;
      }
      case 'turn_ended': {
        const name = who(s.seat);
        const mine = you(s.seat);
        const say = s.discarded
          ? (names: string[]) =>
              names.length
                ? mine
                  ? L.youDiscardedLeftDrew({ names })
                  : L.discardedLeftDrew({ name, names })
                : mine
                  ? L.youDiscardedLeft
                  : L.discardedLeft({ name })
          : (names: string[]) =>
              names.length ? (mine ? L.youKeptDrew({ names }) : L.keptDrew({ name, names })) : mine ? L.youKept : L.kept({ name });
        const line: LogLine = { key, text: say([]), tone: 'muted', seat: s.seat };
        lines.push(line);
        expectDraw(s.seat, line, say);
        break;
      }
    }
  }
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines as the viewer `me` reads them, in `t`'s words (English by default). */
export function narrate(
  log: LogEntry[],
  view: AnyView,
  nameOf: (seat: number) => string,
  me: number | null,
  t: ZoomiesMessages = en,
): string[] {
  const v = zView(view);
  if (!v) return [];
  return describe(log, { name: nameOf, me, grid: gridOf(v.board), perStep: true, t }).map((l) => l.text);
}

/** `GameUi.actorOf`: the start row, tiles going to a hand and the first player are chance; the rest are the seat's moves. */
export function actorOf(any: AnyStepView): number | null {
  const s = zStep(any);
  if (!s) return null;
  return s.type === 'start_tile' || s.type === 'tile_to' || s.type === 'first_player' ? null : s.seat;
}
