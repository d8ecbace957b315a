// Motion at every game's table, in one place: an attachment for the element
// around a table (`{@attach motion}`) that watches the pieces inside it and
// animates what the last update changed. A game only marks its pieces:
//
//   data-piece="tile-17"  a stable key, the same wherever the piece is drawn
//                         (a hand, the board, a row, a pile): when the key
//                         shows up on another element, that element travels
//                         from where the piece was to where it lands; a piece
//                         that moves within its container slides there; a
//                         key never seen before drops in.
//   data-roll="5"         a die's face: when it changes, the die tumbles.
//   data-with="tile-17"   part of that piece drawn apart from it (a tile's
//                         dogs): it moves when and as the piece does.
//
// Positions are measured once per frame after the table's DOM changed
// (before it is painted), and the motion runs with the Web Animations API
// on the individual `translate` / `rotate` properties (so it composes with a
// piece's own transform, SVG ones included). While a piece moves it carries
// `data-moving` ("travel", "enter" or "roll"). Nothing moves under
// `prefers-reduced-motion: reduce`, on the table's first drawing, or when
// the window is resized.

import { reducedMotion } from '../../lib/pacing.svelte';

/** The attribute a moving piece carries while it moves. */
export const MOVING = 'data-moving';
const TRAVEL_MS = 520;
const ENTER_MS = 380;
const ROLL_MS = 700;
/** Moves shorter than this (CSS px, or SVG units) are left alone. */
const MIN_MOVE = 6;
/** A piece gone longer than this and seen again comes in anew (ms). */
const FORGET_MS = 1500;
/** How far a new piece drops from (CSS px). */
const DROP = 18;

interface Seen {
  node: Element;
  /** Centre in page coordinates. */
  x: number;
  y: number;
  /** Centre within its container: its parent element, or its SVG's user space. */
  lx: number;
  ly: number;
  roll: string | null;
  /** Not drawn (zero size) when last measured. */
  hidden: boolean;
  /** When it was first missing, or null while it is there. */
  goneAt: number | null;
}

type Move = () => void;
/** What a piece did this frame: travelled by a screen vector, or came in. */
type Act = { kind: 'travel'; dx: number; dy: number } | { kind: 'enter' };

function svgPiece(el: Element): el is SVGGraphicsElement {
  return el instanceof SVGGraphicsElement && !!el.ownerSVGElement;
}

/** The centre of `r` within `el`'s container. */
function localCentre(el: Element, r: DOMRect): [number, number] {
  const cx = r.left + r.width / 2;
  const cy = r.top + r.height / 2;
  if (svgPiece(el)) {
    const m = el.ownerSVGElement?.getScreenCTM();
    if (m) {
      const p = new DOMPoint(cx, cy).matrixTransform(m.inverse());
      return [p.x, p.y];
    }
  }
  const pr = el.parentElement?.getBoundingClientRect();
  return pr ? [cx - pr.left, cy - pr.top] : [cx, cy];
}

/** A screen vector as a `translate` for `el` (SVG pieces translate in their parent's units). */
function toLocal(el: Element, dx: number, dy: number): [number, number] {
  if (svgPiece(el)) {
    const parent = el.parentNode;
    const m = parent instanceof SVGGraphicsElement ? parent.getScreenCTM() : null;
    const det = m ? m.a * m.d - m.b * m.c : 0;
    if (m && det) return [(m.d * dx - m.c * dy) / det, (-m.b * dx + m.a * dy) / det];
  }
  return [dx, dy];
}

const SETTLE = 'cubic-bezier(0.2, 0.7, 0.25, 1)';

function run(el: Element, kind: string, keyframes: Keyframe[], duration: number, running: WeakSet<Element>, easing = SETTLE): void {
  running.add(el);
  el.setAttribute(MOVING, kind);
  const a = el.animate(keyframes, { duration, easing });
  const done = () => {
    running.delete(el);
    if (el.getAttribute(MOVING) === kind) el.removeAttribute(MOVING);
  };
  a.onfinish = done;
  a.oncancel = done;
}

function travelFrom(el: Element, dx: number, dy: number, running: WeakSet<Element>): void {
  const [x, y] = toLocal(el, dx, dy);
  run(el, 'travel', [{ translate: `${x}px ${y}px` }, { translate: '0px 0px' }], TRAVEL_MS, running);
}

function enter(el: Element, running: WeakSet<Element>): void {
  const [x, y] = toLocal(el, 0, -DROP);
  run(el, 'enter', [{ opacity: 0, translate: `${x}px ${y}px` }, { opacity: 1, translate: '0px 0px' }], ENTER_MS, running);
}

function roll(el: Element, running: WeakSet<Element>): void {
  // Thrown up, turning over and over, landing with a little bounce.
  run(
    el,
    'roll',
    [
      { rotate: '0deg', translate: '0px 0px', easing: 'ease-out' },
      { rotate: '-140deg', translate: '0px -16px', offset: 0.3, easing: 'ease-in' },
      { rotate: '-290deg', translate: '0px 2px', offset: 0.65, easing: 'ease-out' },
      { rotate: '-345deg', translate: '0px -3px', offset: 0.85, easing: 'ease-in' },
      { rotate: '-360deg', translate: '0px 0px' },
    ],
    ROLL_MS,
    running,
    'linear',
  );
}

/**
 * Attach to the element around a table: its `[data-piece]` descendants
 * move as described above. Returns the cleanup (an attachment's contract).
 */
export function motion(root: HTMLElement): () => void {
  const seen = new Map<string, Seen>();
  const running = new WeakSet<Element>();
  let frame = 0;
  /** The next measurement only records (first drawing, a resize). */
  let quiet = true;

  const measure = () => {
    frame = 0;
    const now = performance.now();
    const animate = !quiet && !reducedMotion();
    quiet = false;
    // One element per key; a key drawn twice at once is left alone.
    const byKey = new Map<string, Element | null>();
    for (const el of root.querySelectorAll('[data-piece]')) {
      const k = el.getAttribute('data-piece');
      if (k) byKey.set(k, byKey.has(k) ? null : el);
    }
    const moves: Move[] = [];
    const acts = new Map<string, Act>();
    const go = (key: string, el: Element, act: Act) => {
      acts.set(key, act);
      moves.push(act.kind === 'enter' ? () => enter(el, running) : () => travelFrom(el, act.dx, act.dy, running));
    };
    for (const [key, el] of byKey) {
      if (!el) continue;
      const prev = seen.get(key);
      if (running.has(el) && prev?.node === el) {
        // Moving now: it lands where it was measured to go.
        prev.goneAt = null;
        continue;
      }
      const r = el.getBoundingClientRect();
      const hidden = r.width === 0 && r.height === 0;
      const x = r.left + r.width / 2 + window.scrollX;
      const y = r.top + r.height / 2 + window.scrollY;
      const [lx, ly] = hidden ? [0, 0] : localCentre(el, r);
      const face = el.getAttribute('data-roll');
      seen.set(key, { node: el, x, y, lx, ly, roll: face, hidden, goneAt: null });
      if (!animate || hidden) continue;
      const dx = prev ? prev.x - x : 0;
      const dy = prev ? prev.y - y : 0;
      if (!prev || (prev.goneAt !== null && now - prev.goneAt > FORGET_MS)) {
        go(key, el, { kind: 'enter' });
      } else if (prev.hidden) {
        // Shown again (a panel unfolded): it was there all along.
      } else if (prev.node !== el) {
        if (Math.hypot(dx, dy) >= MIN_MOVE) go(key, el, { kind: 'travel', dx, dy });
      } else if (face && prev.roll !== face) {
        moves.push(() => roll(el, running));
      } else if (Math.hypot(lx - prev.lx, ly - prev.ly) >= MIN_MOVE) {
        go(key, el, { kind: 'travel', dx, dy });
      }
    }
    // The parts drawn apart from their piece go with it.
    if (acts.size) {
      for (const el of root.querySelectorAll('[data-with]')) {
        const act = acts.get(el.getAttribute('data-with') ?? '');
        if (!act || running.has(el)) continue;
        moves.push(act.kind === 'enter' ? () => enter(el, running) : () => travelFrom(el, act.dx, act.dy, running));
      }
    }
    for (const [key, s] of seen) {
      if (byKey.has(key)) continue;
      if (s.goneAt === null) s.goneAt = now;
      else if (now - s.goneAt > FORGET_MS) seen.delete(key);
    }
    // Every position read first, then the animations started.
    for (const m of moves) m();
  };

  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(measure);
  };
  const observer = new MutationObserver((records) => {
    // Our own marks change nothing worth measuring.
    if (records.every((r) => r.type === 'attributes' && r.attributeName === MOVING)) return;
    schedule();
  });
  observer.observe(root, { subtree: true, childList: true, attributes: true, characterData: true });
  const resized = () => {
    quiet = true;
    schedule();
  };
  window.addEventListener('resize', resized);
  schedule();

  return () => {
    observer.disconnect();
    window.removeEventListener('resize', resized);
    if (frame) cancelAnimationFrame(frame);
  };
}
