import { useEffect, useRef } from 'preact/hooks';
import { TABS, type View, withTab } from '../lib/view.js';

export const TAB_LABEL = { people: 'People', agents: 'Agents' } as const;

/** People and Agents as a tab list: Tab reaches the selected one, arrow keys switch (WAI-ARIA tabs). */
export function ReadershipTabs({ view, set }: { view: View; set: (v: View) => void }) {
  const list = useRef<HTMLDivElement>(null);
  const switchedByKey = useRef(false);
  useEffect(() => {
    if (!switchedByKey.current) return;
    switchedByKey.current = false;
    list.current?.querySelector<HTMLElement>('[aria-selected="true"]')?.focus();
  }, [view.tab]);

  const onKeyDown = (e: KeyboardEvent) => {
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (step === 0) return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(view.tab) + step + TABS.length) % TABS.length]!;
    switchedByKey.current = true;
    set(withTab(view, next));
  };

  return (
    <div role="tablist" aria-label="Readership" class="tabs" ref={list} onKeyDown={onKeyDown}>
      {TABS.map((t) => (
        <button
          key={t}
          type="button"
          role="tab"
          aria-selected={view.tab === t}
          tabIndex={view.tab === t ? 0 : -1}
          onClick={() => set(withTab(view, t))}
        >
          {TAB_LABEL[t]}
        </button>
      ))}
    </div>
  );
}
