// Why the server would refuse a webhook address, as far as the address
// itself says: read after the server refused one, to word the refusal in
// the player's language (the server decides: a host may allow private
// addresses, and a name may lead somewhere private).

/** `https`: not an https address; `private`: not on the public internet; null: the address alone does not say. */
export function addressProblem(address: string): 'https' | 'private' | null {
  let u: URL;
  try {
    u = new URL(address);
  } catch {
    return 'https';
  }
  if (u.protocol !== 'https:') return 'https';
  const host = u.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  // IPv6: loopback, unique-local (fc00::/7), link-local (fe80::/10), a mapped IPv4.
  if (host.includes(':') && (host === '::1' || /^f[c-e]/.test(host) || host.startsWith('::ffff:'))) return 'private';
  const ip = /^(\d+)\.(\d+)\.\d+\.\d+$/.exec(host);
  if (ip) {
    const [a, b] = [Number(ip[1]), Number(ip[2])];
    const local =
      a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 100 && b >= 64 && b <= 127);
    if (local) return 'private';
  }
  return null;
}
