// Browser push for turn notices: the service worker (`/sw.js`) shows what
// the server pushes; this asks for permission, subscribes with the server's
// public key (from the room's info) and hands the subscription to the
// server. The browser's push service carries the message, encrypted to this
// browser: it can read none of it.

import type { PushSubscription as Subscription } from '../generated/PushSubscription';

/** Why subscribing did not work: the page says it in the player's language. */
export class PushRefused extends Error {
  constructor(
    /**
     * `unsupported`: no push here; `blocked`: the player said no; `incomplete`:
     * the browser's subscription lacks its keys; `failed`: the browser's push
     * service did not answer (see `detail`).
     */
    readonly reason: 'unsupported' | 'blocked' | 'incomplete' | 'failed',
    /** The browser's own words, for `failed`. */
    readonly detail = '',
  ) {
    super(`${reason}${detail ? `: ${detail}` : ''}`);
  }
}

/** This browser can take push notices at all (a secure page with service workers and the Push API). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    window.isSecureContext &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** Base64url (no padding) to bytes, as `applicationServerKey` wants them. */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const raw = atob(padded);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/** Whether `held` (a subscription's `applicationServerKey`) is the key `key` names. */
export function sameKey(held: ArrayBuffer | null, key: string): boolean {
  if (!held) return false;
  const a = new Uint8Array(held);
  const b = fromBase64Url(key);
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** The subscription as the server takes it. */
export function toWire(sub: PushSubscriptionJSON): Subscription {
  const { endpoint, keys } = sub;
  if (!endpoint || !keys?.p256dh || !keys.auth) throw new PushRefused('incomplete');
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/**
 * Asks for permission, registers the service worker and subscribes with
 * `key` (a subscription made with another server's key is replaced).
 * Throws `PushRefused` with a reason to show.
 */
export async function subscribe(key: string): Promise<Subscription> {
  if (!pushSupported()) throw new PushRefused('unsupported');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushRefused('blocked');
  try {
    await navigator.serviceWorker.register('/sw.js');
    const ready = await navigator.serviceWorker.ready;
    let sub = await ready.pushManager.getSubscription();
    if (sub && !sameKey(sub.options.applicationServerKey, key)) {
      await sub.unsubscribe();
      sub = null;
    }
    sub ??= await ready.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64Url(key) });
    return toWire(sub.toJSON());
  } catch (e) {
    if (e instanceof PushRefused) throw e;
    const why = e instanceof Error ? e.message : String(e);
    throw new PushRefused('failed', why);
  }
}
