// Turns Mix-the-Mutts step views into short sentences for the "what
// happened" log. Runs of dealt or drawn cards become one line per seat; the
// answer that closes a scoring window is followed by everyone's revealed
// claims (and who passed).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { Card } from '../../generated/mix_the_mutts/Card';
import type { Combo } from '../../generated/mix_the_mutts/Combo';
import type { RevealedClaim } from '../../generated/mix_the_mutts/RevealedClaim';
import { breedName, cardValue, comboText, mtmStep, mtmView, tileCode } from './util';
import { plural } from '../../lib/tableKit';

export interface LogLine {
  /** Version of the step that started this line, plus a suffix when one step makes several lines. */
  key: string;
  text: string;
  tone: 'plain' | 'place' | 'good' | 'muted' | 'reveal';
  /** Lines shown under this one (the claims revealed when a window closed). */
  sub?: LogLine[];
}

export interface DescribeCtx {
  /** "You" for the viewer, the seat's name otherwise. */
  who: (seat: number) => string;
  /** Every seat at the table. */
  seats: number[];
  junior: boolean;
  /** One line per step, nothing joined (the replay's captions). */
  perStep?: boolean;
}

function cardList(cards: Card[]): string {
  return cards.map((c) => breedName(c.breed)).join(', ');
}

/** One line per claim revealed when a window closed, then who passed, and
 * whose time ran out (the timer's passes are not told as choices). */
export function revealLines(
  revealed: RevealedClaim[],
  combos: Combo[] | null,
  ctx: DescribeCtx,
  keyBase: string,
  timedOut: ReadonlySet<number> = new Set(),
): LogLine[] {
  const lines: LogLine[] = [];
  for (const [i, c] of revealed.entries()) {
    const combo = combos?.find((x) => x.index === c.combo);
    const pts = c.cards.reduce((n, card) => n + cardValue(card.breed, ctx.junior), 0);
    const what = combo ? `combo ${c.combo + 1} (${comboText(combo)})` : `combo ${c.combo + 1}`;
    lines.push({
      key: `${keyBase}.${i}`,
      text: `${ctx.who(c.seat)} scored ${what} with ${cardList(c.cards)}: +${ctx.junior ? plural(pts, 'card') : plural(pts, 'point')}`,
      tone: 'good',
    });
  }
  const silent = ctx.seats
    .filter((s) => !revealed.some((c) => c.seat === s))
    .sort((x, y) => Number(ctx.who(y) === 'You') - Number(ctx.who(x) === 'You') || x - y);
  const passed = silent.filter((s) => !timedOut.has(s));
  const late = silent.filter((s) => timedOut.has(s));
  if (passed.length) {
    lines.push({
      key: `${keyBase}.p`,
      text: `${passed.map(ctx.who).join(' and ')} passed`,
      tone: 'muted',
    });
  }
  if (late.length) {
    const who = late.map((s) => (ctx.who(s) === 'You' ? 'you' : ctx.who(s))).join(' and ');
    lines.push({
      key: `${keyBase}.t`,
      text: `Time ran out for ${who}: no claim`,
      tone: 'muted',
    });
  }
  return lines;
}

export function describe(entries: LogEntry[], ctx: DescribeCtx): LogLine[] {
  const lines: LogLine[] = [];
  // A run of `card_to` steps (the deal goes round the table; a draw gives
  // one seat two cards): one line per seat, cards appended as they come.
  type CardsLine = { line: LogLine; head: string; shown: Card[]; hidden: number };
  let run: Map<number, CardsLine> | null = null;
  let lastDraw: { seat: number; line: LogLine } | null = null;
  let combos: Combo[] | null = null;
  // Seats the timer answered for in the window now open.
  let timedOut = new Set<number>();

  const cardsText = (c: CardsLine) => {
    const parts: string[] = [];
    if (c.shown.length) parts.push(cardList(c.shown));
    if (c.hidden) parts.push(plural(c.hidden, 'card'));
    return `${c.head} ${parts.join(' + ')}`;
  };

  for (const entry of entries) {
    const { version, step: any } = entry;
    const step = mtmStep(any);
    if (!step) continue;
    const key = String(version);
    if (step.type !== 'card_to') run = null;
    if (step.type !== 'card_to' && step.type !== 'drew_two') lastDraw = null;
    switch (step.type) {
      case 'setup_tile':
        lines.push({ key, text: `Setup: tile ${tileCode(step.tile.face.tile)} laid on the table`, tone: 'plain' });
        break;
      case 'tile_revealed':
        lines.push({ key, text: `Next tile turned face up: ${tileCode(step.tile.tile)}`, tone: 'muted' });
        break;
      case 'first_player':
        lines.push({ key, text: `${ctx.who(step.seat)} ${ctx.who(step.seat) === 'You' ? 'go' : 'goes'} first`, tone: 'plain' });
        break;
      case 'card_to': {
        if (ctx.perStep) {
          // One card to one hand, so a caption's count is what the hand gained.
          const name = ctx.who(step.seat);
          const drew = lastDraw !== null && lastDraw.seat === step.seat;
          const verb = drew ? 'drew' : name === 'You' ? 'were dealt' : 'was dealt';
          lines.push({ key, text: `${name} ${verb} a card${step.card ? `: ${cardList([step.card])}` : ''}`, tone: 'plain' });
          break;
        }
        run ??= new Map();
        let c = run.get(step.seat);
        if (!c) {
          const name = ctx.who(step.seat);
          const drew = lastDraw !== null && lastDraw.seat === step.seat;
          const head = drew ? `${name} drew` : `${name} ${name === 'You' ? 'were' : 'was'} dealt`;
          const line: LogLine = drew && lastDraw ? lastDraw.line : { key, text: head, tone: 'plain' };
          if (!drew) lines.push(line);
          c = { line, head, shown: [], hidden: 0 };
          run.set(step.seat, c);
        }
        if (step.card) c.shown.push(step.card);
        else c.hidden += 1;
        c.line.text = cardsText(c);
        break;
      }
      case 'drew_two': {
        // The cards come in the next steps: a caption does not count them in yet.
        const text = ctx.perStep ? `${ctx.who(step.seat)} chose to draw two cards` : `${ctx.who(step.seat)} drew two cards`;
        const line: LogLine = { key, text, tone: 'plain' };
        lines.push(line);
        lastDraw = { seat: step.seat, line };
        break;
      }
      case 'connected': {
        combos = step.combos;
        timedOut = new Set();
        const list = step.combos.map((c) => `${c.index + 1}) ${comboText(c)}`).join('; ');
        lines.push({
          key,
          text: `${ctx.who(step.seat)} connected tile ${tileCode(step.tile.face.tile)}, making ${plural(step.combos.length, 'new combo')}: ${list}`,
          tone: 'place',
        });
        break;
      }
      case 'answered':
        if (entry.timedOut) {
          timedOut.add(step.seat);
          const who = ctx.who(step.seat);
          lines.push({ key, text: `Time ran out for ${who === 'You' ? 'you' : who}: no claim`, tone: 'muted' });
        } else {
          lines.push({ key, text: `${ctx.who(step.seat)} answered`, tone: 'muted' });
        }
        if (step.revealed) {
          lines.push({
            key: `${key}.c`,
            text: 'Scoring window closed — claims revealed:',
            tone: 'reveal',
            sub: revealLines(step.revealed, combos, ctx, key, timedOut),
          });
        }
        break;
    }
  }
  return lines;
}

/** The replay's narration (`GameUi.narrate`): the log's lines as the viewer `me` reads them. */
export function narrate(log: LogEntry[], view: AnyView, nameOf: (seat: number) => string, me: number | null): string[] {
  const v = mtmView(view);
  if (!v) return [];
  const who = (s: number) => (s === me ? 'You' : nameOf(s));
  return describe(log, { who, seats: v.players.map((p) => p.seat), junior: v.options.junior, perStep: true }).map((l) => l.text);
}

/** `GameUi.actorOf`: the setup, the deal and the cards a draw brings are chance; drawing, connecting and answering are moves. */
export function actorOf(any: AnyStepView): number | null {
  const s = mtmStep(any);
  if (!s) return null;
  return s.type === 'drew_two' || s.type === 'connected' || s.type === 'answered' ? s.seat : null;
}
