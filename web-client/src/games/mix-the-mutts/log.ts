// Turns Mix-the-Mutts step views into short sentences for the "what
// happened" log. Runs of dealt or drawn cards become one line per seat; the
// answer that closes a scoring window is followed by everyone's revealed
// claims (and who passed). Worded by the catalog given (`t`, English by
// default: the unit tests compile this file and parse its English, which must
// stay as it is; index.ts and the table pass the live catalog).

import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { LogEntry } from '../../lib/types';
import type { Card } from '../../generated/mix_the_mutts/Card';
import type { Combo } from '../../generated/mix_the_mutts/Combo';
import type { RevealedClaim } from '../../generated/mix_the_mutts/RevealedClaim';
import { breedName, cardValue, comboText, mtmStep, mtmView, tileCode } from './util';
import { en, type MtmMessages } from './i18n/en';

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
  /** The viewer's seat (told as "You"), if seated. */
  me: number | null;
  /** Every seat at the table. */
  seats: number[];
  junior: boolean;
  /** One line per step, nothing joined (the replay's captions). */
  perStep?: boolean;
  /** The messages (English unless given). */
  t?: MtmMessages;
}

function cardList(cards: Card[], t: MtmMessages): string {
  return t.log.cardList({ names: cards.map((c) => breedName(c.breed)) });
}

/** Seats named as the viewer reads them, the viewer first. */
function youFirst(seats: number[], ctx: DescribeCtx): number[] {
  return [...seats].sort((x, y) => Number(y === ctx.me) - Number(x === ctx.me) || x - y);
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
  const t = ctx.t ?? en;
  const lines: LogLine[] = [];
  for (const [i, c] of revealed.entries()) {
    const combo = combos?.find((x) => x.index === c.combo);
    const pts = c.cards.reduce((n, card) => n + cardValue(card.breed, ctx.junior), 0);
    const what = combo ? t.combo.refWith({ n: c.combo + 1, text: comboText(combo, t) }) : t.combo.ref({ n: c.combo + 1 });
    const said = { what, cards: cardList(c.cards, t), gain: ctx.junior ? t.units.cards({ n: pts }) : t.units.points({ n: pts }) };
    lines.push({
      key: `${keyBase}.${i}`,
      text: c.seat === ctx.me ? t.log.youScored(said) : t.log.scored({ name: ctx.who(c.seat), ...said }),
      tone: 'good',
    });
  }
  const silent = youFirst(
    ctx.seats.filter((s) => !revealed.some((c) => c.seat === s)),
    ctx,
  );
  const passed = silent.filter((s) => !timedOut.has(s));
  const late = silent.filter((s) => timedOut.has(s));
  if (passed.length) {
    lines.push({
      key: `${keyBase}.p`,
      text: t.log.passed({ names: passed.map(ctx.who) }),
      tone: 'muted',
    });
  }
  if (late.length) {
    lines.push({
      key: `${keyBase}.t`,
      text: t.log.timeRanOut({ names: late.map((s) => (s === ctx.me ? t.youObject : ctx.who(s))) }),
      tone: 'muted',
    });
  }
  return lines;
}

export function describe(entries: LogEntry[], ctx: DescribeCtx): LogLine[] {
  const t = ctx.t ?? en;
  const me = (seat: number) => seat === ctx.me;
  const lines: LogLine[] = [];
  // A run of `card_to` steps (the deal goes round the table; a draw gives
  // one seat two cards): one line per seat, cards appended as they come.
  type CardsLine = { line: LogLine; seat: number; drew: boolean; shown: Card[]; hidden: number };
  let run: Map<number, CardsLine> | null = null;
  let lastDraw: { seat: number; line: LogLine } | null = null;
  let combos: Combo[] | null = null;
  // Seats the timer answered for in the window now open.
  let timedOut = new Set<number>();

  const cardsText = (c: CardsLine) => {
    const parts: string[] = [];
    if (c.shown.length) parts.push(cardList(c.shown, t));
    if (c.hidden) parts.push(t.units.cards({ n: c.hidden }));
    const what = parts.join(' + ');
    if (c.drew) return me(c.seat) ? t.log.youDrew({ what }) : t.log.drew({ name: ctx.who(c.seat), what });
    return me(c.seat) ? t.log.youDealt({ what }) : t.log.dealt({ name: ctx.who(c.seat), what });
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
        lines.push({ key, text: t.log.setupTile({ tile: tileCode(step.tile.face.tile) }), tone: 'plain' });
        break;
      case 'tile_revealed':
        lines.push({ key, text: t.log.tileRevealed({ tile: tileCode(step.tile.tile) }), tone: 'muted' });
        break;
      case 'first_player':
        lines.push({ key, text: me(step.seat) ? t.log.youFirst : t.log.first({ name: ctx.who(step.seat) }), tone: 'plain' });
        break;
      case 'card_to': {
        if (ctx.perStep) {
          // One card to one hand, so a caption's count is what the hand gained.
          const name = ctx.who(step.seat);
          const drew = lastDraw !== null && lastDraw.seat === step.seat;
          const card = step.card ? cardList([step.card], t) : null;
          let text: string;
          if (drew && me(step.seat)) text = card ? t.log.youDrewCardShown({ card }) : t.log.youDrewCard;
          else if (drew) text = card ? t.log.drewCardShown({ name, card }) : t.log.drewCard({ name });
          else if (me(step.seat)) text = card ? t.log.youDealtCardShown({ card }) : t.log.youDealtCard;
          else text = card ? t.log.dealtCardShown({ name, card }) : t.log.dealtCard({ name });
          lines.push({ key, text, tone: 'plain' });
          break;
        }
        run ??= new Map();
        let c = run.get(step.seat);
        if (!c) {
          const drew = lastDraw !== null && lastDraw.seat === step.seat;
          const line: LogLine = drew && lastDraw ? lastDraw.line : { key, text: '', tone: 'plain' };
          if (!drew) lines.push(line);
          c = { line, seat: step.seat, drew, shown: [], hidden: 0 };
          run.set(step.seat, c);
        }
        if (step.card) c.shown.push(step.card);
        else c.hidden += 1;
        c.line.text = cardsText(c);
        break;
      }
      case 'drew_two': {
        // The cards come in the next steps: a caption does not count them in yet.
        const name = ctx.who(step.seat);
        const text = ctx.perStep
          ? me(step.seat)
            ? t.log.youChoseDrawTwo
            : t.log.choseDrawTwo({ name })
          : me(step.seat)
            ? t.log.youDrewTwo
            : t.log.drewTwo({ name });
        const line: LogLine = { key, text, tone: 'plain' };
        lines.push(line);
        lastDraw = { seat: step.seat, line };
        break;
      }
      case 'connected': {
        combos = step.combos;
        timedOut = new Set();
        const list = step.combos.map((c) => `${c.index + 1}) ${comboText(c, t)}`).join('; ');
        const said = { tile: tileCode(step.tile.face.tile), n: step.combos.length, combos: list };
        lines.push({
          key,
          text: me(step.seat) ? t.log.youConnected(said) : t.log.connected({ name: ctx.who(step.seat), ...said }),
          tone: 'place',
        });
        break;
      }
      case 'answered':
        if (entry.timedOut) {
          timedOut.add(step.seat);
          lines.push({ key, text: t.log.timeRanOut({ names: [me(step.seat) ? t.youObject : ctx.who(step.seat)] }), tone: 'muted' });
        } else {
          lines.push({ key, text: me(step.seat) ? t.log.youAnswered : t.log.answered({ name: ctx.who(step.seat) }), tone: 'muted' });
        }
        if (step.revealed) {
          lines.push({
            key: `${key}.c`,
            text: t.log.closed,
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
export function narrate(
  log: LogEntry[],
  view: AnyView,
  nameOf: (seat: number) => string,
  me: number | null,
  t: MtmMessages = en,
): string[] {
  const v = mtmView(view);
  if (!v) return [];
  const who = (s: number) => (s === me ? t.you : nameOf(s));
  return describe(log, { who, me, seats: v.players.map((p) => p.seat), junior: v.options.junior, perStep: true, t }).map(
    (l) => l.text,
  );
}

/** `GameUi.actorOf`: the setup, the deal and the cards a draw brings are chance; drawing, connecting and answering are moves. */
export function actorOf(any: AnyStepView): number | null {
  const s = mtmStep(any);
  if (!s) return null;
  return s.type === 'drew_two' || s.type === 'connected' || s.type === 'answered' ? s.seat : null;
}
