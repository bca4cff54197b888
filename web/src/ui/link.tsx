import type { ComponentChildren } from 'preact';
import { navigate } from '../lib/router.js';

/** An ordinary link (new tab, copy address work) that moves within the app without a reload. */
export function Link({
  href,
  children,
  class: cls,
}: {
  href: string;
  children: ComponentChildren;
  class?: string;
}) {
  return (
    <a
      href={href}
      class={cls}
      onClick={(e) => {
        if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(href);
      }}
    >
      {children}
    </a>
  );
}

/**
 * A pointer to the site's setup on the sites page; plain text in a shared link's read-only view,
 * which has no sites page to go to.
 */
export function SetupLink({ view, children }: { view: { share?: string }; children: ComponentChildren }) {
  return view.share ? <>{children}</> : <Link href="/sites">{children}</Link>;
}
