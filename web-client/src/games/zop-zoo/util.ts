// Helpers over the Zop Zoo view (RULINGS §4, docs/games/zop-zoo.md): the
// tagged envelopes, category colours and labels, card and item names, and
// grouping `view.moves` for the choices. They only describe what the server
// sent; what is legal comes from `ZopZooView.moves` alone. Words come from
// the catalog passed in (English by default): log.ts uses this module and
// is compiled for the unit tests, so it never reads the live catalog itself.

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
import { en, type ZopZooMessages } from './i18n/en';

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

/** The targets with their points and the table sizes they are for (RULINGS §4(c) "Game end"); their words are `t.options.targets` / `t.options.when`. */
export const TARGETS: { id: Target; points: number; fits: (n: number) => boolean }[] = [
  { id: 'standard', points: 800, fits: () => true },
  { id: 'long', points: 1000, fits: (n) => n === 2 },
  { id: 'short', points: 600, fits: (n) => n === 5 || n === 6 },
];

// --- categories ----------------------------------------------------------------

/** A category's value and colours; its name and short code are `t.categories` / `t.categoryCodes`. */
export interface CategoryInfo {
  value: number;
  /** Card face. */
  fill: string;
  /** Text and borders on white. */
  ink: string;
}

/** The ten categories with the rulebook's colour families (browns, blues, pinks, …). */
export const CATEGORIES: Record<Category, CategoryInfo> = {
  mammal: { value: 10, fill: '#e7d3bd', ink: '#78350f' },
  ocean: { value: 15, fill: '#bfdbfe', ink: '#1d4ed8' },
  bird: { value: 20, fill: '#fbcfe8', ink: '#9d174d' },
  insect: { value: 25, fill: '#fde68a', ink: '#854d0e' },
  semi_aquatic: { value: 30, fill: '#a5f3fc', ink: '#155e75' },
  horns: { value: 35, fill: '#fed7aa', ink: '#9a3412' },
  reptile: { value: 40, fill: '#bbf7d0', ink: '#166534' },
  marsupial: { value: 45, fill: '#e9d5ff', ink: '#86198f' },
  arachnid: { value: 55, fill: '#fecaca', ink: '#991b1b' },
  mythical: { value: 60, fill: '#ddd6fe', ink: '#6d28d9' },
};

// --- names -----------------------------------------------------------------------

/** An animal's printed name: "Owl", "Daddy Longlegs". */
export function animalName(a: Animal, t: ZopZooMessages = en): string {
  return t.animals[a];
}

/** A category's printed name: "BIRD". */
export function categoryName(c: Category, t: ZopZooMessages = en): string {
  return t.categories[c];
}

export function cardAnimal(c: Card): Animal | null {
  return 'animal' in c ? c.animal : null;
}

/** A card as printed, in a few words: "Owl POINTS (BIRD 20)", "BEAST (0 POINTS)", "MOLE". */
export function cardName(c: Card, t: ZopZooMessages = en): string {
  const k = t.cards;
  switch (c.kind) {
    case 'category':
      return k.category({ animal: animalName(c.animal, t), category: categoryName(c.category, t), value: c.value });
    case 'lower_half':
      return k.lowerHalf({ animal: animalName(c.animal, t) });
    case 'minus':
      return k.minus({ animal: animalName(c.animal, t), value: c.value });
    case 'points':
      return k.points({ animal: animalName(c.animal, t), category: categoryName(c.category, t), value: c.value });
    case 'upper_half':
      return k.upperHalf({ animal: animalName(c.animal, t), category: categoryName(c.category, t) });
    case 'anti_minus':
      return k.antiMinus({ animal: animalName(c.animal, t), value: c.value });
    case 'side_bonus':
      return k.sideBonus({ category: categoryName(c.category, t), animal: animalName(c.animal, t), value: c.value });
    case 'beast':
      return k.beast;
    case 'best_beast':
      return k.bestBeast;
    case 'mole':
      return k.mole;
    case 'hyena':
      return k.hyena;
    case 'raccoon':
      return k.raccoon;
    case 'earthworm':
      return k.earthworm;
  }
}

/** A wild by its name alone ("BEAST"); other cards by their name. */
export function wildName(c: Card, t: ZopZooMessages = en): string {
  return c.kind === 'beast' || c.kind === 'best_beast' ? t.cards.wildName[c.kind] : cardName(c, t);
}

/** A base card by its animal alone ("Owl"); other cards by their name. */
export function baseName(c: Card, t: ZopZooMessages = en): string {
  const a = cardAnimal(c);
  return a ? animalName(a, t) : cardName(c, t);
}

export function isTask(c: Card): boolean {
  return c.kind === 'hyena' || c.kind === 'raccoon' || c.kind === 'earthworm';
}

export function isWild(c: Card): boolean {
  return c.kind === 'beast' || c.kind === 'best_beast';
}

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

export function itemName(i: Item, t: ZopZooMessages = en): string {
  return i.type === 'stack' ? animalName(i.base, t) : t.cards.sideBonusItem({ category: categoryName(i.category, t) });
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
