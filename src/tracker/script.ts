/**
 * The browser tracker (docs/api.md#the-tracker), served as /js/script.js. It sends the payload of
 * docs/api.md#hits with sendBeacon (a string body: text/plain, a CORS-simple request). It never
 * throws into the host page, sets no cookie and writes nothing to storage.
 */

/** Replaced at build time by `js-<package version>`. */
declare const __VERSION__: string;

type Props = Record<string, unknown>;
type Hit = Props;
interface EventOptions {
  props?: Props;
  revenue?: { amount: number; currency: string };
}
interface Twofold {
  (name: string, opts?: EventOptions): void;
  identify(id: string, traits?: Props): void;
}
/** The snippet's stand-in, queueing calls made before the script has loaded. */
interface Stub {
  (...args: unknown[]): void;
  q?: ArrayLike<ArrayLike<unknown>>;
}
/** Entry types that TypeScript's DOM library does not describe yet. */
interface VitalEntry extends PerformanceEntry {
  value: number;
  hadRecentInput?: boolean;
  interactionId?: number;
}

// Common document, archive and media files: a click on a link to one is a download.
const FILE =
  /\.(pdf|docx?|xlsx?|pptx?|od[tsp]|csv|txt|epub|zip|rar|7z|t?gz|xz|dmg|exe|msi|pkg|deb|rpm|apk|iso|mp[34]|wav|ogg|mov|avi|webm)$/i;

function start() {
  const w = window;
  const d = document;
  const nav = navigator;
  const loc = location;
  const now = Date.now;
  const noop = () => {};
  const visible = () => !d.hidden;

  /** Every handler goes through here: an error in the tracker must never reach the page. */
  const safe =
    <A extends unknown[]>(fn: (...a: A) => void) =>
    (...a: A) => {
      try {
        fn(...a);
      } catch {
        // swallowed on purpose
      }
    };
  const on = <E extends Event>(target: EventTarget, type: string, fn: (e: E) => void) =>
    target.addEventListener(type, safe(fn as (e: Event) => void), true);

  const script = d.currentScript as HTMLScriptElement | null;
  const attr = (name: string) => script && script.getAttribute('data-' + name);
  const site = +(attr('site') || 0);
  if (!site || (w.twofold && 'identify' in w.twofold)) return;
  const endpoint = (attr('api') || new URL(script!.src).origin).replace(/\/+$/, '') + '/api/track';
  const dnt = attr('dnt') === 'respect' && nav.doNotTrack === '1';
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const landing = loc.href;

  let identity: string | undefined;

  const ignored = () => {
    try {
      if (localStorage.getItem('twofold_ignore') === 'true') return true;
    } catch {
      // storage can be off limits (sandboxed frames, blocked cookies): nothing is ignored then
    }
    return dnt;
  };

  const send = (t: string, extra: Hit, u = loc.href) => {
    if (ignored()) return;
    const hit: Hit = {
      s: site,
      t,
      u,
      w: screen.width,
      h: screen.height,
      vw: innerWidth,
      vh: innerHeight,
      l: nav.language,
      tz,
      v: __VERSION__,
      id: identity,
      ...extra,
    };
    const body = JSON.stringify(hit);
    if (!(nav.sendBeacon && nav.sendBeacon(endpoint, body)))
      fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(noop);
  };

  // Engagement of the current page: visible time (paused while hidden) and the deepest scroll.
  let engaged = 0;
  let shownAt = visible() ? now() : 0;
  let maxScroll = 0;
  let closed = false;
  const scrolled = () => {
    const height = d.documentElement.scrollHeight;
    return height ? Math.min(100, Math.round(((scrollY + innerHeight) / height) * 100)) : 100;
  };
  /** The page's engagement so far, then a fresh start: nothing is counted twice. */
  const takeEngagement = () => {
    const t = now();
    const spent = Math.min(engaged + (shownAt ? t - shownAt : 0), 864e5);
    const taken = { d: spent, sc: Math.max(maxScroll, scrolled()) };
    engaged = 0;
    shownAt = !closed && visible() ? t : 0;
    maxScroll = 0;
    return taken;
  };
  on(w, 'scroll', () => {
    maxScroll = Math.max(maxScroll, scrolled());
  });

  let lastPage: string | undefined;
  const pageview = () => {
    const page = loc.pathname + loc.search;
    if (page === lastPage) return;
    // The first view of a document carries the referrer; later (in-app) views carry the previous
    // page's engagement instead, since their previous URL is not a source.
    const extra: Hit = lastPage === undefined ? (d.referrer ? { r: d.referrer } : {}) : takeEngagement();
    lastPage = page;
    send('pageview', extra);
  };

  // Web Vitals from PerformanceObserver directly: the web-vitals package would cost more than
  // this whole script. INP is the slowest interaction of 16 ms or more (web-vitals reports the
  // slowest while there are fewer than 50).
  const vitals: Record<string, number> = {};
  const observers: [PerformanceObserver, (entries: VitalEntry[]) => void][] = [];
  const observe = (type: string, fn: (entries: VitalEntry[]) => void, opts?: object) => {
    try {
      const o = new PerformanceObserver(safe((list) => fn(list.getEntries() as VitalEntry[])));
      o.observe({ type, buffered: true, ...opts });
      return observers.push([o, fn]);
    } catch {
      // an entry type this browser does not know
    }
  };
  observe('largest-contentful-paint', (entries) => {
    for (const e of entries) vitals.lcp = e.startTime;
  });
  observe('paint', (entries) => {
    for (const e of entries) if (e.name === 'first-contentful-paint') vitals.fcp = e.startTime;
  });
  // CLS: the largest session window (shifts less than 1 s apart, at most 5 s long).
  let windowSum = 0;
  let windowStart = 0;
  let prevShift = -1e9;
  const shifts = observe('layout-shift', (entries) => {
    for (const e of entries) {
      if (e.hadRecentInput) continue;
      if (e.startTime - prevShift < 1000 && e.startTime - windowStart < 5000) windowSum += e.value;
      else [windowSum, windowStart] = [e.value, e.startTime];
      prevShift = e.startTime;
      vitals.cls = Math.max(vitals.cls!, windowSum);
    }
  });
  // A page that never shifted has a CLS of 0 (where the browser measures it at all).
  if (shifts) vitals.cls = 0;
  const interactions = (entries: VitalEntry[]) => {
    for (const e of entries) if (e.interactionId) vitals.inp = Math.max(vitals.inp || 0, e.duration);
  };
  observe('event', interactions, { durationThreshold: 16 });
  const nav0 = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
  if (nav0) vitals.ttfb = nav0.responseStart;

  let vitalsSent = false;
  const sendVitals = () => {
    for (const [o, fn] of observers) fn(o.takeRecords() as VitalEntry[]);
    const e: Record<string, number> = {};
    for (const k in vitals) e[k] = +vitals[k]!.toFixed(k === 'cls' ? 4 : 0);
    if (vitalsSent || !Object.keys(e).length) return;
    vitalsSent = true;
    // They describe the loaded document, so they go to the URL it was loaded at.
    send('web_vitals', { e }, landing);
  };

  const hide = (e: Event) => {
    if (e.type === 'pagehide') closed = true;
    const taken = takeEngagement();
    if (taken.d) send('engagement', taken);
    sendVitals();
  };
  on(d, 'visibilitychange', (e) => {
    if (!visible()) hide(e);
    else if (!closed && !shownAt) shownAt = now();
  });
  on(w, 'pagehide', hide);
  on<PageTransitionEvent>(w, 'pageshow', (e) => {
    if (!e.persisted) return;
    // Back from the back/forward cache: a new view of the page, whose time counts again.
    closed = false;
    lastPage = '';
    pageview();
  });

  for (const method of ['pushState', 'replaceState'] as const) {
    const original = history[method];
    history[method] = function (this: History, ...args: Parameters<History['pushState']>) {
      original.apply(this, args);
      safe(pageview)();
    };
  }
  on(w, 'popstate', pageview);

  const click = (e: MouseEvent) => {
    if (e.type === 'auxclick' && e.button !== 1) return;
    const a = (e.target as Element).closest('a[href]') as HTMLAnchorElement | null;
    if (!a || !/^https?:$/.test(a.protocol)) return;
    const kind =
      FILE.test(a.pathname) || a.hasAttribute('download')
        ? 'file_download'
        : a.hostname !== loc.hostname && 'outbound';
    if (kind) send(kind, { p: { url: a.href } });
  };
  on(d, 'click', click);
  on(d, 'auxclick', click);

  on(d, 'submit', (e) => {
    const form = e.target as HTMLFormElement;
    const p: Props = {};
    // Attributes, not properties: a field named "action" or "id" shadows the form's own.
    for (const k of ['id', 'name', 'action']) p[k] = form.getAttribute(k) || undefined;
    send('form', { p });
  });

  let errors = 0;
  const error = (message: unknown, p: Props, cause?: unknown) => {
    if (errors++ >= 10) return;
    const stack = cause && (cause as Error).stack;
    send('error', {
      p: {
        message: String(message).slice(0, 1000),
        ...p,
        stack: stack ? String(stack).slice(0, 2048) : undefined,
      },
    });
  };
  on<ErrorEvent>(w, 'error', (e) => {
    // Resource load failures reach a capturing listener too; they carry no message.
    if (e.message)
      error(
        e.message,
        { source: e.filename || undefined, line: e.lineno || undefined, col: e.colno || undefined },
        e.error,
      );
  });
  on<PromiseRejectionEvent>(w, 'unhandledrejection', (e) => {
    const reason = e.reason;
    error((reason && reason.message) || reason, {}, reason);
  });

  const twofold = safe((name: string, opts?: EventOptions) => {
    send('custom', { n: String(name), p: opts && opts.props, rv: opts && opts.revenue });
  }) as Twofold;
  twofold.identify = safe((id: string, traits?: Props) => {
    if (!id || String(id) === identity) return;
    identity = String(id);
    send('custom', { n: 'identify', p: traits });
  });
  const queued = w.twofold && (w.twofold as Stub).q;
  w.twofold = twofold;

  pageview();
  if (queued) for (const args of Array.from(queued)) twofold(...(Array.from(args) as Parameters<Twofold>));
}

try {
  start();
} catch {
  // a browser too old or too locked down for the tracker: the page goes on without it
}

declare global {
  interface Window {
    twofold?: Twofold | Stub;
  }
}
export {};
