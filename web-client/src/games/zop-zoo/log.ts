// Turns Zop Zoo step views into short sentences for the narration. A deal
// (one step per card) is one line; every other step is a line of its own,
// plus one for the end of a round (a forced draw's click is told only by
// the card it draws, but for the replay's captions). Nothing here decides anything: the
// sentences only retell what the server's steps say. The replay's captions
// (`perStep`) tell each dealt card alone, so they agree with the row shown.

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { ZopZooMoved as Moved } from '../../generated/zop_zoo/ZopZooMoved';
import type { ZopZooRoundSummary as RoundSummary } from '../../generated/zop_zoo/ZopZooRoundSummary';
import type { ZopZooTaken as Taken } from '../../generated/zop_zoo/ZopZooTaken';
import { animalName, baseName, cardName, itemName, zStep, zView } from './util';
import { plural, signedPoints } from '../../lib/tableKit';

export interface LogLine {
  /** Version of the step that made this line (a suffix for a second line). */
  key: string;
  text: string;
  tone: 'plain' | 'good' | 'wild' | 'task' | 'muted' | 'round';
  /** The seat whose line it is (for its colour), if any. */
  seat?: number;
}

/** "You" for the viewer, the seat's name otherwise. */
export type Who = (seat: number) => string;

function list(parts: string[]): string {
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** "Owl POINTS (BIRD 20) → the Owl", "OCEAN Side Bonus (…) → the side area". */
export function takenText(t: Taken): string {
  const where = t.onto === null ? 'the side area' : `the ${animalName(t.onto)}`;
  return `${cardName(t.card)} → ${where}`;
}

/** What a matching card did: "covers the Owl", "connects the Gorilla", "goes to the side area". */
function matchedText(t: Taken): string {
  if (t.onto === null) return 'goes to the side area';
  return `${t.card.kind === 'upper_half' ? 'connects' : 'covers'} the ${animalName(t.onto)}`;
}

function movedText(m: Moved, who: Who): string {
  return `${who(m.from) === 'You' ? 'your' : `${who(m.from)}’s`} ${itemName(m.item)} → ${who(m.to) === 'You' ? 'you' : who(m.to)}`;
}

/** One sentence for how a round ended. */
export function roundEndText(r: RoundSummary, who: Who): string {
  if (r.ended_by === 'won' && r.winner !== null) {
    const w = r.seats.find((s) => s.seat === r.winner);
    const you = who(r.winner) === 'You';
    return `Round ${r.round}: ${who(r.winner)} ${you ? 'have' : 'has'} every card showing POINTS and ${you ? 'win' : 'wins'} the round (${signedPoints(w?.points ?? 0)})`;
  }
  const top = Math.max(...r.seats.map((s) => s.points));
  const best = r.seats.filter((s) => s.points === top).map((s) => who(s.seat));
  return `Round ${r.round}: the draw pile ran out; everyone scores their row${best.length ? ` (best: ${list(best)} ${signedPoints(top)})` : ''}`;
}

/** The narration, oldest first. `round` is the round in play now (numbers the deals). */
export function describe(entries: LogEntry[], who: Who, round: number, perStep = false): LogLine[] {
  const lines: LogLine[] = [];
  // Each deal's lines, by deal (the replay's captions give a deal one line per card).
  const dealLines: LogLine[][] = [];
  let deal: { line: LogLine; first: number; count: Map<number, number> } | null = null;

  const end = (key: string, r: RoundSummary | null) => {
    if (r) lines.push({ key: `${key}r`, text: roundEndText(r, who), tone: 'round' });
  };

  for (const { version, step: any } of entries) {
    const s = zStep(any);
    if (!s) continue;
    const key = String(version);
    if (s.type !== 'dealt') deal = null;
    switch (s.type) {
      case 'first_player':
        lines.push({ key, text: `${who(s.seat)} ${who(s.seat) === 'You' ? 'are' : 'is'} dealt first (drawn at random)`, tone: 'muted', seat: s.seat });
        break;
      case 'dealt': {
        if (perStep) {
          // One card to one row: the caption says so, whoever was dealt first.
          if (!deal) dealLines.push([]);
          deal ??= { line: { key, text: '', tone: 'plain' }, first: s.seat, count: new Map() };
          const you = who(s.seat) === 'You';
          const line: LogLine = { key, text: `Round ? deal: ${who(s.seat)} ${you ? 'were' : 'was'} dealt a card: ${cardName(s.card)}`, tone: 'plain', seat: s.seat };
          lines.push(line);
          dealLines[dealLines.length - 1].push(line);
          end(key, s.round_end);
          break;
        }
        if (!deal) {
          deal = { line: { key, text: '', tone: 'plain', seat: s.seat }, first: s.seat, count: new Map() };
          lines.push(deal.line);
          dealLines.push([deal.line]);
        }
        deal.count.set(s.seat, (deal.count.get(s.seat) ?? 0) + 1);
        const n = Math.max(...deal.count.values());
        deal.line.text = `Round ?: ${plural(n, 'card')} dealt to each player, ${who(deal.first)} first`;
        end(key, s.round_end);
        break;
      }
      case 'card_drawn': {
        const c = cardName(s.card);
        const w = who(s.seat);
        const e = s.effect;
        switch (e.type) {
          case 'matched':
            lines.push({ key, text: `${w} drew ${c}: it ${matchedText(e.taken)}`, tone: 'good', seat: s.seat });
            break;
          case 'wild':
            lines.push({ key, text: `${w} drew a wild ${c}: choosing a card to cover`, tone: 'wild', seat: s.seat });
            break;
          case 'dug':
            lines.push({
              key,
              text: e.taken.length
                ? `${w} drew a MOLE and dug up ${list(e.taken.map(takenText))}`
                : `${w} drew a MOLE`,
              tone: 'good',
              seat: s.seat,
            });
            break;
          case 'task':
            lines.push({ key, text: `${w} drew the ${c}: choosing whom it hits`, tone: 'task', seat: s.seat });
            break;
          case 'discarded':
            lines.push({ key, text: `${w} drew ${c}: no match, discarded; turn over`, tone: 'muted', seat: s.seat });
            break;
        }
        end(key, s.round_end);
        break;
      }
      case 'took_from_discard':
        lines.push({ key, text: `${who(s.seat)} took from the discard pile: ${list(s.taken.map(takenText))}`, tone: 'good', seat: s.seat });
        end(key, s.round_end);
        break;
      case 'dug':
        lines.push({
          key,
          text: `${who(s.seat)} dug with the MOLE on the discard pile: ${list(s.taken.map(takenText)) || 'nothing'}`,
          tone: 'good',
          seat: s.seat,
        });
        end(key, s.round_end);
        break;
      case 'drew':
        if (s.left_mole) {
          lines.push({ key, text: `${who(s.seat)} left the MOLE and draw${who(s.seat) === 'You' ? '' : 's'} instead`, tone: 'muted', seat: s.seat });
        } else if (perStep) {
          // A forced draw: the card is the next step (the table's log tells it there).
          lines.push({ key, text: `${who(s.seat)} reach${who(s.seat) === 'You' ? '' : 'es'} for the draw pile`, tone: 'muted', seat: s.seat });
        }
        end(key, s.round_end);
        break;
      case 'covered':
        lines.push({
          key,
          text: `${who(s.seat)} put the ${cardName(s.wild)} on the ${baseName(s.base)}`,
          tone: 'wild',
          seat: s.seat,
        });
        end(key, s.round_end);
        break;
      case 'task_used':
        lines.push({
          key,
          text: `${who(s.seat)} used the ${cardName(s.task)}${s.from_discard ? ' from the discard pile' : ''}: ${list(s.moved.map((m) => movedText(m, who)))}`,
          tone: 'task',
          seat: s.seat,
        });
        end(key, s.round_end);
        break;
      case 'refused':
        break;
    }
  }
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
