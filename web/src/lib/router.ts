import { useEffect, useState } from 'preact/hooks';

export interface Location {
  pathname: string;
  search: string;
}

const current = (): Location => ({ pathname: location.pathname, search: location.search });

/** A new history entry (or a replaced one), so the back button walks through views. */
export function navigate(to: string, replace = false): void {
  if (to === location.pathname + location.search) return;
  history[replace ? 'replaceState' : 'pushState'](null, '', to);
  dispatchEvent(new PopStateEvent('popstate'));
}

export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = () => setLoc(current());
    addEventListener('popstate', update);
    return () => removeEventListener('popstate', update);
  }, []);
  return loc;
}
