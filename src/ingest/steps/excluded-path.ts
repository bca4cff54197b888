import { compileGlobs, type GlobMatcher } from '../../patterns/glob.js';
import type { Site } from '../../sites/sites.js';

const compiled = new WeakMap<Site, GlobMatcher>();

/** A site's excluded path patterns (`*` = any characters) as one matcher, built once per site object. */
function matcher(site: Site): GlobMatcher {
  let m = compiled.get(site);
  if (m === undefined) {
    m = compileGlobs(site.excludedPaths);
    compiled.set(site, m);
  }
  return m;
}

export function isExcludedPath(site: Site, pathname: string): boolean {
  return matcher(site)(pathname);
}
