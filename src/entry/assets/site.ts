import type { HeaderRule, RedirectRule } from './rules.js';

/** One file of an assets directory as the platform serves it: content hash, size, type. */
export interface AssetEntry {
  /** SHA-256 of the content, hex: the file's name in the content store and its ETag. */
  readonly hash: string;
  readonly size: number;
  readonly contentType: string;
}

/** What `assets.not_found_handling` may say (docs/assets.md). */
export type NotFoundHandling = 'none' | '404-page' | 'single-page-application';
/** What `assets.html_handling` may say (docs/assets.md). */
export type HtmlHandling = 'auto-trailing-slash' | 'force-trailing-slash' | 'drop-trailing-slash' | 'none';

/** Where the bytes of an asset come from: the file itself under `ledge dev`, the account's content store under `ledge serve`. */
export interface AssetContentSource {
  /** The absolute path holding the content with this hash. */
  pathOf(hash: string): string;
}

/** One version's assets: the files by URL path, the parsed rule files, where the bytes are. */
export interface AssetSite {
  /** URL path (`/`-rooted, decoded) → entry. */
  readonly files: ReadonlyMap<string, AssetEntry>;
  readonly redirects: readonly RedirectRule[];
  readonly headers: readonly HeaderRule[];
  readonly content: AssetContentSource;
}

/** How a project's assets are served: `assets` in ledge.jsonc with its defaults applied. */
export interface AssetRouting {
  readonly notFound: NotFoundHandling;
  readonly html: HtmlHandling;
  /** true, false, or globs (with `!` negations) of paths where the application runs before assets. */
  readonly runWorkerFirst: boolean | readonly string[];
}
