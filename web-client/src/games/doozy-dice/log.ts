// Turns Doozy Dice step views into short sentences for the "what just
// happened" log. A roll and the dice that land from it become one line.

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { CardInfo } from '../../generated/doozy_dice/CardInfo';
import { cardName, doozyView, faceText } from './util';
import { plural } from '../../lib/tableKit';

export interface LogLine {
  /** Version of the step that started this line (stable key). */
  key: number;
  text: string;
  /** For styling: a celebratory line, a penalty, or plain. */
  tone: 'plain' | 'good' | 'bad' | 'face';
}

export function describe(
  entries: LogEntry[],
  nameOf: (seat: number) => string,
  cards: CardInfo[],
  firstPlayer: number | null = null,
): LogLine[] {
  const lines: LogLine[] = [];
  // The deal and roll-off happen before the first snapshot reaches us, so
  // their steps may be missing: say who goes first from the view instead.
  const sawRollOff = entries.some((e) => e.step.game === 'doozy-dice' && e.step.step.type === 'roll_off_die');
  if (firstPlayer !== null && !sawRollOff) {
    lines.push({ key: -1, text: `${nameOf(firstPlayer)} won the roll-off and goes first`, tone: 'plain' });
  }
  // The open roll line, whose landed dice are still being appended.
  let roll: { line: LogLine; seat: number; head: string; faces: string[] } | null = null;

  for (const { version, step: any } of entries) {
    if (any.game !== 'doozy-dice') continue;
    const step = any.step;
    if (step.type !== 'die_landed') roll = null;
    switch (step.type) {
      case 'card_dealt':
        lines.push({ key: version, text: `Dealt ${step.card.name} — ${step.card.rule}`, tone: 'plain' });
        break;
      case 'roll_off_die':
        lines.push({
          key: version,
          text: `${nameOf(step.seat)} rolled ${step.value} for first player`,
          tone: 'plain',
        });
        break;
      case 'rolled': {
        const head = `${nameOf(step.seat)} rolled ${plural(step.dice.length, 'die', 'dice')} (roll ${step.roll_count})`;
        const line: LogLine = { key: version, text: head, tone: 'plain' };
        lines.push(line);
        roll = { line, seat: step.seat, head, faces: [] };
        break;
      }
      case 'die_landed':
        if (roll && roll.seat === step.seat) {
          roll.faces.push(faceText(step.value, step.face));
          roll.line.text = `${roll.head}: ${roll.faces.join(' ')}`;
        }
        if (step.face) {
          lines.push({ key: version, text: 'Doozy Face! Everyone +1 dot', tone: 'face' });
        }
        break;
      case 'adjusted':
        lines.push({
          key: version,
          text: `${nameOf(step.seat)} spent ${plural(step.cost, 'dot')}: die ${step.die + 1} ${step.from} → ${step.to}`,
          tone: 'plain',
        });
        break;
      case 'claimed': {
        const r = step.record;
        const name = cardName(cards, r.card);
        const bonus = r.bonus ? ': +1 dot, others −1' : '';
        lines.push({
          key: version,
          text: `${nameOf(step.seat)} claimed ${name} in ${plural(r.rolls, 'roll')}${bonus}`,
          tone: 'good',
        });
        break;
      }
      case 'cut_off':
        lines.push({
          key: version,
          text: `${nameOf(step.seat)} hit the 13-roll cutoff: 13 on ${cardName(cards, step.record.card)}, −1 dot`,
          tone: 'bad',
        });
        break;
    }
  }
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines for this view's cards. */
export function narrate(log: LogEntry[], view: AnyView, nameOf: (seat: number) => string): string[] {
  const v = doozyView(view);
  return v ? describe(log, nameOf, v.cards).map((l) => l.text) : [];
}

/** `GameUi.actorOf`: the deal and the roll-off are chance (nobody acts for them), and so are the dice landing from a roll. */
export function actorOf(any: AnyStepView): number | null {
  if (any.game !== 'doozy-dice') return null;
  const s = any.step;
  return s.type === 'card_dealt' || s.type === 'roll_off_die' || s.type === 'die_landed' ? null : s.seat;
}
