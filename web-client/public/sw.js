// Parlor's service worker. It does one thing: show the turn notices the
// server pushes (only when this player's table is not open anywhere) and
// open the table when one is tapped. It caches nothing and serves no page.

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = {};
  }
  const title = typeof data.title === 'string' ? data.title : 'Your turn';
  // Only a path on this server: a notice never sends anyone elsewhere.
  const url = typeof data.url === 'string' && data.url.startsWith('/') && !data.url.startsWith('//') ? data.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      // A newer notice of the same table replaces the older one.
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      renotify: typeof data.tag === 'string',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const table = open.find((w) => w.url === url);
      if (table) return table.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
