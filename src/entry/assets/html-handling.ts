import type { AssetEntry, HtmlHandling } from './site.js';

/** What a path resolves to: an asset to serve, a redirect to the canonical URL, or nothing. */
export type Intent = { serve: string } | { redirect: string } | null;

/**
 * Resolves a request path to a file under one `html_handling` mode (docs/assets.md, HTML handling): `/about`
 * serves `/about.html`, `/blog/` serves `/blog/index.html`, and the other spellings of the same page redirect
 * to the one the mode considers canonical.
 */
export function resolveIntent(files: ReadonlyMap<string, AssetEntry>, pathname: string, mode: HtmlHandling): Intent {
  const has = (p: string) => files.has(p);
  if (mode === 'none') return has(pathname) ? { serve: pathname } : null;
  const trailing = pathname.endsWith('/');
  if (trailing) {
    const index = `${pathname}index.html`;
    const bare = pathname.slice(0, -1);
    if (mode === 'drop-trailing-slash' && pathname !== '/') {
      return has(index) || has(`${bare}.html`) ? { redirect: bare } : null;
    }
    if (has(index)) return { serve: index };
    if (pathname !== '/' && has(`${bare}.html`)) return mode === 'force-trailing-slash' ? { serve: `${bare}.html` } : { redirect: bare };
    return null;
  }
  // `/dir/index.html` and `/dir/index`: the directory's canonical URL.
  if (pathname.endsWith('/index.html') && has(pathname)) return { redirect: dirUrl(pathname.slice(0, -'index.html'.length), mode) };
  if (pathname.endsWith('/index') && has(`${pathname}.html`)) return { redirect: dirUrl(pathname.slice(0, -'index'.length), mode) };
  if (pathname.endsWith('.html') && has(pathname)) {
    const base = pathname.slice(0, -'.html'.length);
    // `/page.html` redirects only where `/page` would serve this very file.
    if (!has(base)) return { redirect: mode === 'force-trailing-slash' ? `${base}/` : base };
    return { serve: pathname };
  }
  if (has(pathname)) return { serve: pathname };
  if (has(`${pathname}.html`)) return mode === 'force-trailing-slash' ? { redirect: `${pathname}/` } : { serve: `${pathname}.html` };
  if (has(`${pathname}/index.html`)) return mode === 'drop-trailing-slash' ? { serve: `${pathname}/index.html` } : { redirect: `${pathname}/` };
  return null;
}

/** A directory's URL (given with its trailing slash) in a mode: with the slash, or without it for drop-trailing-slash (the root keeps its `/`). */
function dirUrl(dir: string, mode: HtmlHandling): string {
  return mode === 'drop-trailing-slash' && dir !== '/' ? dir.slice(0, -1) : dir;
}

/** The nearest `404.html` at or above the directory of `pathname`, for `not_found_handling: "404-page"`. */
export function nearest404(files: ReadonlyMap<string, AssetEntry>, pathname: string): string | null {
  let dir = pathname.slice(0, pathname.lastIndexOf('/') + 1);
  for (;;) {
    const candidate = `${dir}404.html`;
    if (files.has(candidate)) return candidate;
    if (dir === '/') return null;
    dir = dir.slice(0, dir.lastIndexOf('/', dir.length - 2) + 1);
  }
}
