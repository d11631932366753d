import { useEffect, useState } from 'preact/hooks';

// The pages' addresses are shared with the API and the app.
export { flowPath } from '@kudo/shared';

const listeners = new Set<() => void>();

export function navigate(to: string, replace = false) {
  if (replace) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  window.scrollTo(0, 0);
  listeners.forEach((fn) => fn());
}

/** The current address, re-read on navigation and on the browser's back and forward buttons. */
export function useLocation(): { pathname: string; search: URLSearchParams } {
  const [, setTick] = useState(0);
  useEffect(() => {
    const update = () => setTick((t) => t + 1);
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return { pathname: window.location.pathname, search: new URLSearchParams(window.location.search) };
}
