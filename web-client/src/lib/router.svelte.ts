// A tiny router over `location.pathname` and `history.pushState`.
//
// Routes: `/` home, `/r/CODE` a room, `/matches` history, `/matches/ID` one
// finished match, `/matches/ID/replay?seat=N&step=K` its replay, `/tables` every table this browser
// holds a seat at, `/admin` the server host's admin page (not in the nav).
// Anything else is "not found".

export type Route =
  | { page: 'home' }
  | { page: 'room'; code: string }
  | { page: 'matches' }
  | { page: 'match'; id: string }
  | { page: 'replay'; id: string }
  | { page: 'tables' }
  | { page: 'admin' }
  | { page: 'not_found'; path: string };

export function parseRoute(pathname: string): Route {
  const parts = pathname.split('/').filter(Boolean).map((p) => decodeURIComponent(p));
  if (parts.length === 0) return { page: 'home' };
  if (parts[0] === 'r' && parts.length === 2) return { page: 'room', code: parts[1].toUpperCase() };
  if (parts[0] === 'matches' && parts.length === 1) return { page: 'matches' };
  if (parts[0] === 'matches' && parts.length === 2) return { page: 'match', id: parts[1] };
  if (parts[0] === 'matches' && parts.length === 3 && parts[2] === 'replay') return { page: 'replay', id: parts[1] };
  if (parts[0] === 'tables' && parts.length === 1) return { page: 'tables' };
  if (parts[0] === 'admin' && parts.length === 1) return { page: 'admin' };
  return { page: 'not_found', path: pathname };
}

class Router {
  route = $state<Route>(parseRoute(location.pathname));

  constructor() {
    window.addEventListener('popstate', () => {
      this.route = parseRoute(location.pathname);
    });
  }

  /** Go to an in-app path, adding a history entry. */
  navigate(path: string, replace = false): void {
    if (path === location.pathname + location.search) return;
    if (replace) history.replaceState(null, '', path);
    else history.pushState(null, '', path);
    this.route = parseRoute(location.pathname);
    window.scrollTo(0, 0);
  }
}

export const router = new Router();

/**
 * Click handler for `<a href="/...">` links: plain left clicks stay in the
 * app; modified clicks (new tab, etc.) keep the browser's behaviour.
 */
export function link(event: MouseEvent): void {
  if (event.defaultPrevented || event.button !== 0) return;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const a = (event.currentTarget as HTMLElement).closest('a');
  if (!a || a.target || a.origin !== location.origin) return;
  event.preventDefault();
  router.navigate(a.pathname + a.search);
}

export function roomPath(code: string): string {
  return `/r/${encodeURIComponent(code)}`;
}
