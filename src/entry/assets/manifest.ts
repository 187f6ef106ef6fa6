import { contentTypeOf } from './scan.js';
import { siteOf } from './local-site.js';
import type { AssetContentSource, AssetEntry, AssetSite } from './site.js';

/**
 * The module a version's asset manifest is stored as, beside its code. A version of static assets only has
 * it as its main module: that is how hosting knows there is no application to run.
 */
export const ASSET_MANIFEST_MODULE = 'assets-manifest.json';

/** What a version stores about its assets: each URL path's content hash and size, and the rule files' text. */
export interface StoredManifest {
  files: Record<string, [hash: string, size: number]>;
  headers: string | null;
  redirects: string | null;
}

/** A version's site from its stored manifest; content types come from the platform's MIME table, never from the upload. */
export function siteFromManifest(manifest: StoredManifest, content: AssetContentSource): { site: AssetSite; warnings: string[] } {
  const files = new Map<string, AssetEntry>();
  for (const [pathname, [hash, size]] of Object.entries(manifest.files)) files.set(pathname, { hash, size, contentType: contentTypeOf(pathname) });
  return siteOf({ files, headersText: manifest.headers, redirectsText: manifest.redirects }, content);
}
