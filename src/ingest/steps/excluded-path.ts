import type { Site } from '../../sites/sites.js';

const compiled = new WeakMap<Site, RegExp | null>();

/** A site's excluded path patterns (`*` = any characters) as one anchored expression, built once per site object. */
function matcher(site: Site): RegExp | null {
  let re = compiled.get(site);
  if (re === undefined) {
    const alternatives = site.excludedPaths.map((p) =>
      p
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*'),
    );
    re = alternatives.length > 0 ? new RegExp(`^(?:${alternatives.join('|')})$`) : null;
    compiled.set(site, re);
  }
  return re;
}

export function isExcludedPath(site: Site, pathname: string): boolean {
  return matcher(site)?.test(pathname) ?? false;
}
