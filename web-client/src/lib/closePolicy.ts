// What the room connection does when its socket closes, by close code, and
// what it tells the player meanwhile. Pure, for `npm run test:unit`.
//
// The rule: anything that may be a passing problem (a restart, a dropped
// network, a slow or idle connection) is retried forever with backoff while
// the page is open; only closes that say retrying cannot help stop.

// (`.js` so node can run the compiled file; TypeScript and Vite map it to the .ts.)
import { CLOSE } from '../generated/closeCodes.js';
import type { Say } from './types';

/** `say` completes "Reconnecting…" (or, for `stop`, says why it stopped), in the language shown. */
export type ClosePolicy =
  /** Try again after the backoff delay (`minAttempt` starts it further along). */
  | { action: 'retry'; say: Say; minAttempt?: number }
  /** Try again straight away (the server asked us to resync). */
  | { action: 'retry_now'; say: Say }
  /** The room was not found: retry a few times (the server may be starting), then give up. */
  | { action: 'no_room'; say: Say }
  /** The seat token is unknown: forget it and watch. */
  | { action: 'bad_token'; say: Say }
  /** The seat was claimed by another device: forget the token and watch here. */
  | { action: 'seat_moved'; say: Say }
  /**
   * Retrying cannot help: say why; `reconnect` says whether a manual retry
   * makes sense; `askWhy`: the server keeps a fuller reason, ask for the room
   * over HTTP (its error message) and show that instead.
   */
  | { action: 'stop'; say: Say; reconnect: boolean; askWhy?: boolean };

export const LOST: Say = (m) => m.close.lost;
export const SEAT_MOVED_TEXT: Say = (m) => m.close.seatMoved;
export const NO_ROOM_TEXT: Say = (m) => m.close.noRoom;
export const ROOM_BROKEN_TEXT: Say = (m) => m.close.broken;
/** Until the server's own reason (`GET /api/rooms/CODE` answers 410 with it) is in. */
export const ROOM_CLOSED_TEXT: Say = (m) => m.close.closed;

/** What the server's 410 message starts with; the host's own reason follows it. */
const CLOSED_BY_HOST = "this room was closed by the server's host:";

/**
 * The sentence for a closed room from the server's 410 message ("this room
 * was closed by the server's host: REASON"): the host's reason (their own
 * words, as they wrote them), ended, in the page's sentence.
 */
export function roomClosedText(message: string): Say {
  let reason = message.trim();
  if (reason.toLowerCase().startsWith(CLOSED_BY_HOST)) reason = reason.slice(CLOSED_BY_HOST.length).trim();
  if (!reason) return ROOM_CLOSED_TEXT;
  const ended = /[.!?…]$/.test(reason) ? reason : `${reason}.`;
  return (m) => m.close.closedWhy({ reason: ended });
}

export function closePolicy(code: number): ClosePolicy {
  switch (code) {
    case CLOSE.GOING_AWAY:
      return { action: 'retry', say: (m) => m.close.restarting };
    // A cluster's server handing its tables over (a deploy), or a table
    // another server serves now: the next attempt (after the usual short,
    // jittered wait) reaches the one that has it.
    case CLOSE.SERVICE_RESTART:
      return { action: 'retry', say: (m) => m.close.handover };
    case CLOSE.ROOM_MOVED:
      return { action: 'retry', say: (m) => m.close.moved };
    case CLOSE.FELL_BEHIND:
      return { action: 'retry_now', say: (m) => m.close.catchingUp };
    case CLOSE.IDLE:
      return { action: 'retry_now', say: LOST };
    case CLOSE.RATE:
      return { action: 'retry', say: (m) => m.close.rate, minAttempt: 2 };
    case CLOSE.TOO_MANY_CONNECTIONS:
      return {
        action: 'retry',
        say: (m) => m.close.tooMany,
        minAttempt: 3,
      };
    case CLOSE.NO_ROOM:
      return { action: 'no_room', say: (m) => m.close.looking };
    case CLOSE.BAD_TOKEN:
      return { action: 'bad_token', say: (m) => m.close.badToken };
    case CLOSE.SEAT_MOVED:
      return { action: 'seat_moved', say: SEAT_MOVED_TEXT };
    case CLOSE.ROOM_BROKEN:
      return { action: 'stop', say: ROOM_BROKEN_TEXT, reconnect: false };
    case CLOSE.ROOM_CLOSED:
      // Closed for good by the host of the server: reconnecting only meets a 410.
      return { action: 'stop', say: ROOM_CLOSED_TEXT, reconnect: false, askWhy: true };
    case CLOSE.BAD_HANDSHAKE:
      return { action: 'stop', say: (m) => m.close.badHandshake, reconnect: true };
    case CLOSE.BAD_MESSAGES:
      return { action: 'stop', say: (m) => m.close.badMessages, reconnect: true };
    case CLOSE.INVALID_DATA:
      return { action: 'stop', say: (m) => m.close.invalidData, reconnect: true };
    case CLOSE.TOO_BIG:
      return { action: 'stop', say: (m) => m.close.tooBig, reconnect: true };
  }
  if (code >= 4000 && code < 5000) {
    // A close we do not know: the server meant it, so say so and wait. (Its
    // reason is the server's English, for logs: the code is what we show.)
    return {
      action: 'stop',
      say: (m) => m.close.unknown({ code }),
      reconnect: true,
    };
  }
  // 1000/1005/1006 (dropped, killed, failed to connect), 1011–1014 (server
  // error, restart, try later): a passing problem.
  return { action: 'retry', say: LOST };
}
