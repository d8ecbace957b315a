// Turns Zop Zoo step views into short sentences for the narration. A deal
// (one step per card) is one line; every other step is a line of its own,
// plus one for the end of a round (a forced draw's click is told only by
// the card it draws, but for the replay's captions). Nothing here decides anything: the
// sentences only retell what the server's steps say. The replay's captions
// (`perStep`) tell each dealt card alone, so they agree with the row shown.
// The words come from the catalog passed in (English by default, so the
// unit and narration checks read English); this module is compiled for node
// too, so it never reads the live catalog itself (index.ts and the table
// pass it).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { ZopZooMoved as Moved } from '../../generated/zop_zoo/ZopZooMoved';
import type { ZopZooRoundSummary as RoundSummary } from '../../generated/zop_zoo/ZopZooRoundSummary';
import type { ZopZooTaken as Taken } from '../../generated/zop_zoo/ZopZooTaken';
import { animalName, baseName, cardName, itemName, zStep, zView } from './util';
import { en, type ZopZooMessages } from './i18n/en';

export interface LogLine {
  /** Version of the step that made this line (a suffix for a second line). */
  key: string;
  text: string;
  tone: 'plain' | 'good' | 'wild' | 'task' | 'muted' | 'round';
  /** The seat whose line it is (for its colour), if any. */
  seat?: number;
}

/** Who the sentences are about: the seats' names, and the viewer's seat (told as "You"). */
export interface Who {
  nameOf: (seat: number) => string;
  me: number | null;
}

/** A message told of the viewer (`you`) or of another seat (`other`, with its name). */
type Told<P> = { you: (p: P) => string; other: (p: P & { name: string }) => string } | { you: string; other: (p: { name: string }) => string };

function tell<P extends object>(m: Told<P>, seat: number, who: Who, p: P): string {
  if (seat === who.me) return typeof m.you === 'string' ? m.you : (m.you as (p: P) => string)(p);
  return (m.other as (p: P & { name: string }) => string)({ ...p, name: who.nameOf(seat) });
}

/** "You" for the viewer, the seat's name otherwise (in lists). */
function nameIn(seat: number, who: Who, t: ZopZooMessages): string {
  return seat === who.me ? t.log.you : who.nameOf(seat);
}

/** "Owl POINTS (BIRD 20) → the Owl", "OCEAN Side Bonus (…) → the side area". */
export function takenText(x: Taken, t: ZopZooMessages = en): string {
  const card = cardName(x.card, t);
  return x.onto === null ? t.log.takenSide({ card }) : t.log.taken({ card, animal: animalName(x.onto, t) });
}

function takenList(xs: Taken[], t: ZopZooMessages): string {
  return t.log.join({ names: xs.map((x) => takenText(x, t)) });
}

function movedText(m: Moved, who: Who, t: ZopZooMessages): string {
  const item = itemName(m.item, t);
  if (m.from === who.me) return t.log.movedFromYou({ item, to: who.nameOf(m.to) });
  if (m.to === who.me) return t.log.movedToYou({ from: who.nameOf(m.from), item });
  return t.log.moved({ from: who.nameOf(m.from), item, to: who.nameOf(m.to) });
}

/** One sentence for how a round ended. */
export function roundEndText(r: RoundSummary, who: Who, t: ZopZooMessages = en): string {
  if (r.ended_by === 'won' && r.winner !== null) {
    const w = r.seats.find((s) => s.seat === r.winner);
    return tell(t.log.roundWon, r.winner, who, { round: r.round, points: w?.points ?? 0 });
  }
  const top = Math.max(...r.seats.map((s) => s.points));
  const best = r.seats.filter((s) => s.points === top).map((s) => nameIn(s.seat, who, t));
  return best.length ? t.log.roundOutBest({ round: r.round, names: best, points: top }) : t.log.roundOut({ round: r.round });
}

/** The narration, oldest first. `round` is the round in play now (numbers the deals). */
export function describe(entries: LogEntry[], who: Who, round: number, perStep = false, t: ZopZooMessages = en): LogLine[] {
  const lines: LogLine[] = [];
  // Each deal's lines, by deal, with how to word each once the deal's round is known.
  const dealLines: { line: LogLine; text: (round: number) => string }[][] = [];
  let deal: { line: LogLine; first: number; count: Map<number, number> } | null = null;

  const end = (key: string, r: RoundSummary | null) => {
    if (r) lines.push({ key: `${key}r`, text: roundEndText(r, who, t), tone: 'round' });
  };
  const say = <P extends object>(m: Told<P>, seat: number, p: P) => tell(m, seat, who, p);

  for (const { version, step: any } of entries) {
    const s = zStep(any);
    if (!s) continue;
    const key = String(version);
    if (s.type !== 'dealt') deal = null;
    switch (s.type) {
      case 'first_player':
        lines.push({ key, text: say(t.log.firstPlayer, s.seat, {}), tone: 'muted', seat: s.seat });
        break;
      case 'dealt': {
        if (perStep) {
          // One card to one row: the caption says so, whoever was dealt first.
          if (!deal) dealLines.push([]);
          deal ??= { line: { key, text: '', tone: 'plain' }, first: s.seat, count: new Map() };
          const seat = s.seat;
          const card = cardName(s.card, t);
          const line: LogLine = { key, text: '', tone: 'plain', seat };
          lines.push(line);
          dealLines[dealLines.length - 1].push({ line, text: (r) => say(t.log.dealtCard, seat, { round: r, card }) });
          end(key, s.round_end);
          break;
        }
        if (!deal) {
          deal = { line: { key, text: '', tone: 'plain', seat: s.seat }, first: s.seat, count: new Map() };
          lines.push(deal.line);
          dealLines.push([]);
        }
        deal.count.set(s.seat, (deal.count.get(s.seat) ?? 0) + 1);
        const cards = Math.max(...deal.count.values());
        const first = deal.first;
        dealLines[dealLines.length - 1] = [{ line: deal.line, text: (r) => say(t.log.dealt, first, { round: r, cards }) }];
        end(key, s.round_end);
        break;
      }
      case 'card_drawn': {
        const card = cardName(s.card, t);
        const e = s.effect;
        switch (e.type) {
          case 'matched': {
            const x = e.taken;
            const text =
              x.onto === null
                ? say(t.log.drewSide, s.seat, { card })
                : say(x.card.kind === 'upper_half' ? t.log.drewConnects : t.log.drewCovers, s.seat, { card, animal: animalName(x.onto, t) });
            lines.push({ key, text, tone: 'good', seat: s.seat });
            break;
          }
          case 'wild':
            lines.push({ key, text: say(t.log.drewWild, s.seat, { card }), tone: 'wild', seat: s.seat });
            break;
          case 'dug':
            lines.push({
              key,
              text: e.taken.length ? say(t.log.drewMoleDug, s.seat, { taken: takenList(e.taken, t) }) : say(t.log.drewMole, s.seat, {}),
              tone: 'good',
              seat: s.seat,
            });
            break;
          case 'task':
            lines.push({ key, text: say(t.log.drewTask, s.seat, { card }), tone: 'task', seat: s.seat });
            break;
          case 'discarded':
            lines.push({ key, text: say(t.log.drewDiscarded, s.seat, { card }), tone: 'muted', seat: s.seat });
            break;
        }
        end(key, s.round_end);
        break;
      }
      case 'took_from_discard':
        lines.push({ key, text: say(t.log.tookFromDiscard, s.seat, { taken: takenList(s.taken, t) }), tone: 'good', seat: s.seat });
        end(key, s.round_end);
        break;
      case 'dug':
        lines.push({
          key,
          text: s.taken.length ? say(t.log.dug, s.seat, { taken: takenList(s.taken, t) }) : say(t.log.dugNothing, s.seat, {}),
          tone: 'good',
          seat: s.seat,
        });
        end(key, s.round_end);
        break;
      case 'drew':
        if (s.left_mole) {
          lines.push({ key, text: say(t.log.leftMole, s.seat, {}), tone: 'muted', seat: s.seat });
        } else if (perStep) {
          // A forced draw: the card is the next step (the table's log tells it there).
          lines.push({ key, text: say(t.log.reaches, s.seat, {}), tone: 'muted', seat: s.seat });
        }
        end(key, s.round_end);
        break;
      case 'covered':
        lines.push({
          key,
          text: say(t.log.covered, s.seat, { wild: cardName(s.wild, t), base: baseName(s.base, t) }),
          tone: 'wild',
          seat: s.seat,
        });
        end(key, s.round_end);
        break;
      case 'task_used': {
        const p = { task: cardName(s.task, t), moved: t.log.join({ names: s.moved.map((m) => movedText(m, who, t)) }) };
        lines.push({
          key,
          text: say(s.from_discard ? t.log.taskUsedFromDiscard : t.log.taskUsed, s.seat, p),
          tone: 'task',
          seat: s.seat,
        });
        end(key, s.round_end);
        break;
      }
      case 'refused':
        break;
    }
  }
  dealLines.forEach((deal, i) => {
    for (const l of deal) l.line.text = l.text(round - (dealLines.length - 1 - i));
  });
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines as the viewer `me` reads them. */
export function narrate(
  log: LogEntry[],
  view: AnyView,
  nameOf: (seat: number) => string,
  me: number | null,
  t: ZopZooMessages = en,
): string[] {
  const v = zView(view);
  if (!v) return [];
  return describe(log, { nameOf, me }, v.round, true, t).map((l) => l.text);
}

/** `GameUi.actorOf`: who is dealt first and the deal are chance; the rest are the seat's moves. */
export function actorOf(any: AnyStepView): number | null {
  const s = zStep(any);
  if (!s) return null;
  return s.type === 'first_player' || s.type === 'dealt' ? null : s.seat;
}

/** `GameUi.roundOf`. */
export function roundOf(view: AnyView): number | null {
  return zView(view)?.round ?? null;
}
