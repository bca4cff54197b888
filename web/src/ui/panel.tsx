import type { ComponentChildren } from 'preact';
import { useId } from 'preact/hooks';
import type { Read } from '../lib/use-read.js';

interface PanelProps {
  title: string;
  /** The panel's data as a CSV file (every panel has one). */
  csv?: string;
  children: ComponentChildren;
  wide?: boolean;
}

export function Panel({ title, csv, children, wide }: PanelProps) {
  const id = useId();
  return (
    <section class={wide ? 'panel wide' : 'panel'} aria-labelledby={id}>
      <header class="panel-head">
        <h2 id={id}>{title}</h2>
        {csv && (
          <a class="export" href={csv} download aria-label={`${title} as CSV`}>
            CSV
          </a>
        )}
      </header>
      {children}
    </section>
  );
}

interface ShowProps<T> {
  read: Read<T>;
  /** What a new user should do when there is nothing to show yet. */
  empty: ComponentChildren;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ComponentChildren;
}

/** A read's three other states (loading, failed, empty) the same way everywhere. */
export function Show<T>({ read, empty, isEmpty, children }: ShowProps<T>) {
  if (read.data === undefined) {
    if (read.error)
      return (
        <p class="error" role="alert">
          {read.error}{' '}
          <button type="button" class="link" onClick={read.reload}>
            Try again
          </button>
        </p>
      );
    return (
      <p class="loading" aria-busy="true">
        Loading…
      </p>
    );
  }
  const nothing = isEmpty ? isEmpty(read.data) : Array.isArray(read.data) && read.data.length === 0;
  if (nothing) return <p class="empty">{empty}</p>;
  return <>{children(read.data)}</>;
}
