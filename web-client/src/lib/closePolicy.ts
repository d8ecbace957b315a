// What the room connection does when its socket closes, by close code, and
// what it tells the player meanwhile. Pure, for `npm run test:unit`.
//
// The rule: anything that may be a passing problem (a restart, a dropped
// network, a slow or idle connection) is retried forever with backoff while
// the page is open; only closes that say retrying cannot help stop.

// (`.js` so node can run the compiled file; TypeScript and Vite map it to the .ts.)
import { CLOSE } from '../generated/closeCodes.js';

/** `text` completes "Reconnecting…" (or, for `stop`, says why it stopped). */
export type ClosePolicy =
  /** Try again after the backoff delay (`minAttempt` starts it further along). */
  | { action: 'retry'; text: string; minAttempt?: number }
  /** Try again straight away (the server asked us to resync). */
  | { action: 'retry_now'; text: string }
  /** The room was not found: retry a few times (the server may be starting), then give up. */
  | { action: 'no_room'; text: string }
  /** The seat token is unknown: forget it and watch. */
  | { action: 'bad_token'; text: string }
  /** The seat was claimed by another device: forget the token and watch here. */
  | { action: 'seat_moved'; text: string }
  /**
   * Retrying cannot help: say why; `reconnect` says whether a manual retry
   * makes sense; `askWhy`: the server keeps a fuller reason, ask for the room
   * over HTTP (its error message) and show that instead.
   */
  | { action: 'stop'; text: string; reconnect: boolean; askWhy?: boolean };

export const LOST = 'The connection to the server dropped.';
export const SEAT_MOVED_TEXT = 'Your seat moved to another device — you are watching here.';
export const NO_ROOM_TEXT = "This room doesn't exist (any more).";
export const ROOM_BROKEN_TEXT = "This room's saved game could not be restored.";
/** Until the server's own reason (`GET /api/rooms/CODE` answers 410 with it) is in. */
export const ROOM_CLOSED_TEXT = "This room was closed by the server's host.";

/**
 * The sentence for a closed room from the server's 410 message ("this room
 * was closed by the server's host: REASON"), capitalised and ended.
 */
export function roomClosedText(message: string): string {
  const m = message.trim();
  if (!m) return ROOM_CLOSED_TEXT;
  const s = m[0].toUpperCase() + m.slice(1);
  return /[.!?…]$/.test(s) ? s : `${s}.`;
}

export function closePolicy(code: number, reason = ''): ClosePolicy {
  switch (code) {
    case CLOSE.GOING_AWAY:
      return { action: 'retry', text: 'The server is restarting.' };
    // A cluster's server handing its tables over (a deploy), or a table
    // another server serves now: the next attempt (after the usual short,
    // jittered wait) reaches the one that has it.
    case CLOSE.SERVICE_RESTART:
      return { action: 'retry', text: 'The server is restarting; another one takes the table.' };
    case CLOSE.ROOM_MOVED:
      return { action: 'retry', text: 'The table moved to another server.' };
    case CLOSE.FELL_BEHIND:
      return { action: 'retry_now', text: 'Catching up with the table.' };
    case CLOSE.IDLE:
      return { action: 'retry_now', text: LOST };
    case CLOSE.RATE:
      return { action: 'retry', text: 'Too many messages — waiting a moment.', minAttempt: 2 };
    case CLOSE.TOO_MANY_CONNECTIONS:
      return {
        action: 'retry',
        text: 'Too many connections to this room from here: close other tabs showing it.',
        minAttempt: 3,
      };
    case CLOSE.NO_ROOM:
      return { action: 'no_room', text: 'Looking for the room.' };
    case CLOSE.BAD_TOKEN:
      return { action: 'bad_token', text: 'This browser’s seat in the room is no longer valid. You can join again.' };
    case CLOSE.SEAT_MOVED:
      return { action: 'seat_moved', text: SEAT_MOVED_TEXT };
    case CLOSE.ROOM_BROKEN:
      return { action: 'stop', text: ROOM_BROKEN_TEXT, reconnect: false };
    case CLOSE.ROOM_CLOSED:
      // Closed for good by the host of the server: reconnecting only meets a 410.
      return { action: 'stop', text: ROOM_CLOSED_TEXT, reconnect: false, askWhy: true };
    case CLOSE.BAD_HANDSHAKE:
      return { action: 'stop', text: 'The server did not accept this page’s greeting. Reload the page to get the latest version.', reconnect: true };
    case CLOSE.BAD_MESSAGES:
      return { action: 'stop', text: 'The server could not understand this page’s messages. Reload the page.', reconnect: true };
    case CLOSE.INVALID_DATA:
      return { action: 'stop', text: 'This page sent something the server could not read. Reload the page.', reconnect: true };
    case CLOSE.TOO_BIG:
      return { action: 'stop', text: 'This page sent a message too large for the server. Reload the page.', reconnect: true };
  }
  if (code >= 4000 && code < 5000) {
    // A close we do not know: the server meant it, so say so and wait.
    return {
      action: 'stop',
      text: reason ? `Disconnected: ${reason}.` : `The server closed the connection (code ${code}).`,
      reconnect: true,
    };
  }
  // 1000/1005/1006 (dropped, killed, failed to connect), 1011–1014 (server
  // error, restart, try later): a passing problem.
  return { action: 'retry', text: LOST };
}
