/**
 * Navigation for code outside React (the API client's 401 handling). The router registers its
 * `navigate` at creation; before that (or in tests without a router) the page location is used.
 */
type Navigate = (to: string, options?: { replace?: boolean }) => unknown;

let navigateImpl: Navigate | null = null;

export function setNavigator(navigate: Navigate | null): void {
  navigateImpl = navigate;
}

export function navigateTo(to: string, options: { replace?: boolean } = {}): void {
  if (navigateImpl) void navigateImpl(to, options);
  else if (options.replace) window.location.replace(to);
  else window.location.assign(to);
}

/** The current in-app location (path + query), for `?redirect=`. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}
