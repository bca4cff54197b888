import { useCallback, useEffect, useState } from 'preact/hooks';
import { ApiError, getData } from './api.js';
import { navigate } from './router.js';

export interface Read<T> {
  data?: T;
  error?: string;
  /** The request field the API refused (`filters[0].dimension`), when it named one. */
  errorField?: string;
  loading: boolean;
  reload(): void;
}

/** A read's `data` for a URL, again whenever the URL changes (or every `refreshMs`). */
export function useRead<T>(url: string | null, refreshMs?: number): Read<T> {
  const [state, setState] = useState<Omit<Read<T>, 'reload'>>({ loading: url !== null });
  const [tick, setTick] = useState(0);
  const reload = useCallback(() => setTick((t) => t + 1), []);

  useEffect(() => {
    if (url === null) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    getData<T>(url).then(
      (data) => live && setState({ data, loading: false }),
      (err: unknown) => {
        if (!live) return;
        // A session that ended (logout elsewhere, expiry) sends the owner back to the login; a
        // shared link's reads have no login to go back to (the share page says what happened).
        if (err instanceof ApiError && err.status === 401 && !url.includes('share=')) navigate('/', true);
        setState({
          error: err instanceof Error ? err.message : String(err),
          errorField: err instanceof ApiError ? err.field : undefined,
          loading: false,
        });
      },
    );
    const timer = refreshMs ? setInterval(() => setTick((t) => t + 1), refreshMs) : undefined;
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [url, tick, refreshMs]);

  return { ...state, reload };
}
