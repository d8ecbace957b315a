// Helpers over the Zop Zoo view (RULINGS §4, docs/games/zop-zoo.md): the
// tagged envelopes, category colours and labels, card and item names, and
// grouping `view.moves` for the choices. They only describe what the server
// sent; what is legal comes from `ZopZooView.moves` alone.

import type { AnyAction } from '../../generated/AnyAction';
import type { AnyScorecard } from '../../generated/AnyScorecard';
import type { AnyStepView } from '../../generated/AnyStepView';
import type { AnyView } from '../../generated/AnyView';
import type { GameOptions } from '../../generated/GameOptions';
import type { ZopZooAction as Action } from '../../generated/zop_zoo/ZopZooAction';
import type { ZopZooAnimal as Animal } from '../../generated/zop_zoo/ZopZooAnimal';
import type { ZopZooCard as Card } from '../../generated/zop_zoo/ZopZooCard';
import type { ZopZooCategory as Category } from '../../generated/zop_zoo/ZopZooCategory';
import type { ZopZooItem as Item } from '../../generated/zop_zoo/ZopZooItem';
import type { ZopZooOptions as Options } from '../../generated/zop_zoo/ZopZooOptions';
import type { ZopZooScorecard as Scorecard } from '../../generated/zop_zoo/ZopZooScorecard';
import type { ZopZooStack as Stack } from '../../generated/zop_zoo/ZopZooStack';
import type { ZopZooStepView as StepView } from '../../generated/zop_zoo/ZopZooStepView';
import type { ZopZooTarget as Target } from '../../generated/zop_zoo/ZopZooTarget';
import type { ZopZooView as View } from '../../generated/zop_zoo/ZopZooView';
import { signedPoints } from '../../lib/tableKit';

export const GAME = 'zop-zoo' as const;

// --- the tagged envelopes ----------------------------------------------------

export function zView(v: AnyView | undefined | null): View | null {
  return v && v.game === GAME ? v.view : null;
}

export function zStep(s: AnyStepView): StepView | null {
  return s.game === GAME ? s.step : null;
}

export function zAction(action: Action): AnyAction {
  return { game: GAME, action };
}

export function zScorecard(s: AnyScorecard | undefined | null): Scorecard | null {
  return s && s.game === GAME ? s.scorecard : null;
}

export function zOptions(o: GameOptions | undefined | null): Options | null {
  return o && o.game === GAME ? o.options : null;
}

export function zGameOptions(options: Options): GameOptions {
  return { game: GAME, options };
}

/** A new room's options (the server's `Options::default()`: forced draws wait for the player's click). */
export const DEFAULT_OPTIONS: Options = { target: 'standard', first_player: null, draw_by_click: true };

/** The targets with their points and the table sizes they are for (RULINGS §4(c) "Game end"). */
export const TARGETS: { id: Target; points: number; label: string; fits: (n: number) => boolean; when: string }[] = [
  { id: 'standard', points: 800, label: 'Standard: 800 points', fits: () => true, when: 'any number of players' },
  { id: 'long', points: 1000, label: 'Long: 1000 points', fits: (n) => n === 2, when: 'two players only' },
  { id: 'short', points: 600, label: 'Short: 600 points', fits: (n) => n === 5 || n === 6, when: 'five or six players only' },
];

// --- categories ----------------------------------------------------------------

export interface CategoryInfo {
  name: string;
  /** Three letters for the compact cards (the full name is in the title). */
  code: string;
  value: number;
  /** Card face. */
  fill: string;
  /** Text and borders on white. */
  ink: string;
}

/** The ten categories with the rulebook's colour families (browns, blues, pinks, …). */
export const CATEGORIES: Record<Category, CategoryInfo> = {
  mammal: { name: 'MAMMAL', code: 'MAM', value: 10, fill: '#e7d3bd', ink: '#78350f' },
  ocean: { name: 'OCEAN', code: 'OCN', value: 15, fill: '#bfdbfe', ink: '#1d4ed8' },
  bird: { name: 'BIRD', code: 'BRD', value: 20, fill: '#fbcfe8', ink: '#9d174d' },
  insect: { name: 'INSECT', code: 'INS', value: 25, fill: '#fde68a', ink: '#854d0e' },
  semi_aquatic: { name: 'SEMI-AQUATIC', code: 'SEMI', value: 30, fill: '#a5f3fc', ink: '#155e75' },
  horns: { name: 'HORNS', code: 'HRN', value: 35, fill: '#fed7aa', ink: '#9a3412' },
  reptile: { name: 'REPTILE', code: 'REP', value: 40, fill: '#bbf7d0', ink: '#166534' },
  marsupial: { name: 'MARSUPIAL', code: 'MAR', value: 45, fill: '#e9d5ff', ink: '#86198f' },
  arachnid: { name: 'ARACHNID', code: 'ARA', value: 55, fill: '#fecaca', ink: '#991b1b' },
  mythical: { name: 'MYTHICAL', code: 'MYTH', value: 60, fill: '#ddd6fe', ink: '#6d28d9' },
};

// --- names -----------------------------------------------------------------------

/** "daddy_longlegs" → "Daddy Longlegs". */
export function animalName(a: Animal): string {
  return a
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join(' ');
}

export function cardAnimal(c: Card): Animal | null {
  return 'animal' in c ? c.animal : null;
}

/** A card as printed, in a few words: "Owl POINTS (BIRD 20)", "BEAST (0)", "MOLE". */
export function cardName(c: Card): string {
  switch (c.kind) {
    case 'category':
      return `${animalName(c.animal)} (${CATEGORIES[c.category].name} ${c.value})`;
    case 'lower_half':
      return `${animalName(c.animal)} lower half`;
    case 'minus':
      return `${animalName(c.animal)} Minus ${signedPoints(c.value)}`;
    case 'points':
      return `${animalName(c.animal)} POINTS (${CATEGORIES[c.category].name} ${c.value})`;
    case 'upper_half':
      return `${animalName(c.animal)} upper half (${CATEGORIES[c.category].name})`;
    case 'anti_minus':
      return `${animalName(c.animal)} ANTI-Minus ${signedPoints(c.value)}`;
    case 'side_bonus':
      return `${CATEGORIES[c.category].name} Side Bonus (${animalName(c.animal)} ${signedPoints(c.value)})`;
    case 'beast':
      return 'BEAST (0 POINTS)';
    case 'best_beast':
      return 'BEST BEAST (50 POINTS)';
    case 'mole':
      return 'MOLE';
    case 'hyena':
      return 'HYENA';
    case 'raccoon':
      return 'RACCOON';
    case 'earthworm':
      return 'EARTHWORM';
  }
}

/** A base card by its animal alone ("Owl"); other cards by their name. */
export function baseName(c: Card): string {
  const a = cardAnimal(c);
  return a ? animalName(a) : cardName(c);
}

export function isTask(c: Card): boolean {
  return c.kind === 'hyena' || c.kind === 'raccoon' || c.kind === 'earthworm';
}

export function isWild(c: Card): boolean {
  return c.kind === 'beast' || c.kind === 'best_beast';
}

/** What a task card does, for the prompts. */
export const TASK_TEXT: Record<'hyena' | 'raccoon' | 'earthworm', string> = {
  hyena: 'give one of your POINTS cards to another player',
  raccoon: 'take a POINTS card from another player',
  earthworm: 'switch one of your POINTS cards with another player’s',
};

/** The category a stack shows on its band: the printed one, or its connected upper half's. */
export function bandCategory(s: Stack): Category | null {
  if (s.base.kind === 'category') return s.base.category;
  if (s.cover?.kind === 'upper_half') return s.cover.category;
  return null;
}

export function stackAnimal(s: Stack): Animal {
  return cardAnimal(s.base) ?? 'bear';
}

// --- items -------------------------------------------------------------------------

/** A key naming an item uniquely in the game: "stack:owl", "bonus:bird". */
export function itemKey(i: Item): string {
  return i.type === 'stack' ? `stack:${i.base}` : `bonus:${i.category}`;
}

export function itemName(i: Item): string {
  return i.type === 'stack' ? animalName(i.base) : `${CATEGORIES[i.category].name} Side Bonus`;
}

// --- moves ---------------------------------------------------------------------------

/** The choices in `view.moves`, grouped the way the table offers them. */
export interface Choices {
  takeFromDiscard: boolean;
  dig: boolean;
  draw: boolean;
  /** Stacks (base animals) a wild may cover. */
  cover: Set<Animal>;
  /** HYENA: my item key → receivers. */
  give: Map<string, { item: Item; to: number[] }>;
  /** RACCOON: "seat|key" → the move. */
  take: Map<string, { from: number; item: Item }>;
  /** EARTHWORM: every legal pair. */
  switches: { mine: Item; with: number; theirs: Item }[];
}

export function choices(moves: Action[]): Choices {
  const c: Choices = {
    takeFromDiscard: false,
    dig: false,
    draw: false,
    cover: new Set(),
    give: new Map(),
    take: new Map(),
    switches: [],
  };
  for (const m of moves) {
    switch (m.type) {
      case 'take_from_discard':
        c.takeFromDiscard = true;
        break;
      case 'dig':
        c.dig = true;
        break;
      case 'draw':
        c.draw = true;
        break;
      case 'cover':
        c.cover.add(m.base);
        break;
      case 'give': {
        const k = itemKey(m.item);
        const g = c.give.get(k) ?? { item: m.item, to: [] };
        g.to.push(m.to);
        c.give.set(k, g);
        break;
      }
      case 'take':
        c.take.set(`${m.from}|${itemKey(m.item)}`, { from: m.from, item: m.item });
        break;
      case 'switch':
        c.switches.push({ mine: m.mine, with: m.with, theirs: m.theirs });
        break;
    }
  }
  return c;
}
