// Turns Doozy Dice step views into short sentences for the "what just
// happened" log. A roll and the dice that land from it become one line.
// The words come from the catalog passed in (English by default, so the
// unit and narration checks read English); numbers are written as `locale`
// writes them. This module is compiled for node too: it never reads the
// live catalog itself (index.ts and Table.svelte pass it).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import { cardName, cardRule, doozyView, faceText } from './util';
import { en, type DoozyMessages } from './i18n/en';

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
  firstPlayer: number | null = null,
  t: DoozyMessages = en,
  locale = 'en',
): LogLine[] {
  const lines: LogLine[] = [];
  // The deal and roll-off happen before the first snapshot reaches us, so
  // their steps may be missing: say who goes first from the view instead.
  const sawRollOff = entries.some((e) => e.step.game === 'doozy-dice' && e.step.step.type === 'roll_off_die');
  if (firstPlayer !== null && !sawRollOff) {
    lines.push({ key: -1, text: t.log.firstPlayer({ name: nameOf(firstPlayer) }), tone: 'plain' });
  }
  // The open roll line, whose landed dice are still being appended.
  let roll: { line: LogLine; seat: number; head: string; faces: string[] } | null = null;

  for (const { version, step: any } of entries) {
    if (any.game !== 'doozy-dice') continue;
    const step = any.step;
    if (step.type !== 'die_landed') roll = null;
    switch (step.type) {
      case 'card_dealt':
        lines.push({ key: version, text: t.log.dealt({ card: cardName(step.card.id, t), rule: cardRule(step.card.id, t) }), tone: 'plain' });
        break;
      case 'roll_off_die':
        lines.push({
          key: version,
          text: t.log.rollOff({ name: nameOf(step.seat), value: step.value }),
          tone: 'plain',
        });
        break;
      case 'rolled': {
        const head = t.log.rolled({ name: nameOf(step.seat), dice: step.dice.length, roll: step.roll_count });
        const line: LogLine = { key: version, text: head, tone: 'plain' };
        lines.push(line);
        roll = { line, seat: step.seat, head, faces: [] };
        break;
      }
      case 'die_landed':
        if (roll && roll.seat === step.seat) {
          roll.faces.push(faceText(step.value, step.face, locale));
          roll.line.text = `${roll.head}: ${roll.faces.join(' ')}`;
        }
        if (step.face) {
          lines.push({ key: version, text: t.log.face, tone: 'face' });
        }
        break;
      case 'adjusted':
        lines.push({
          key: version,
          text: t.log.adjusted({ name: nameOf(step.seat), cost: step.cost, die: step.die + 1, from: step.from, to: step.to }),
          tone: 'plain',
        });
        break;
      case 'claimed': {
        const r = step.record;
        const said = { name: nameOf(step.seat), card: cardName(r.card, t), rolls: r.rolls };
        lines.push({
          key: version,
          text: r.bonus ? t.log.claimedBonus(said) : t.log.claimed(said),
          tone: 'good',
        });
        break;
      }
      case 'cut_off':
        lines.push({
          key: version,
          text: t.log.cutOff({ name: nameOf(step.seat), card: cardName(step.record.card, t) }),
          tone: 'bad',
        });
        break;
    }
  }
  return lines;
}

/**
 * The replay's narration (`GameUi.narrate`): the log's lines for this view,
 * in the words of `t` (index.ts passes the live catalog and language).
 */
export function narrate(
  log: LogEntry[],
  view: AnyView,
  nameOf: (seat: number) => string,
  _me: number | null = null,
  t: DoozyMessages = en,
  locale = 'en',
): string[] {
  const v = doozyView(view);
  return v ? describe(log, nameOf, null, t, locale).map((l) => l.text) : [];
}

/** `GameUi.actorOf`: the deal and the roll-off are chance (nobody acts for them), and so are the dice landing from a roll. */
export function actorOf(any: AnyStepView): number | null {
  if (any.game !== 'doozy-dice') return null;
  const s = any.step;
  return s.type === 'card_dealt' || s.type === 'roll_off_die' || s.type === 'die_landed' ? null : s.seat;
}
