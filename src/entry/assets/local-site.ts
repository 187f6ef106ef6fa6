import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../../platform/logger.js';
import { parseHeaders, parseRedirects } from './rules.js';
import { scanAssetDirectory, type HashMemo, type ScannedAssets } from './scan.js';
import type { AssetContentSource, AssetSite } from './site.js';

/** Builds a site from scanned files: the rule files parsed (their warnings returned), the bytes read through `content`. */
export function siteOf(scanned: Pick<ScannedAssets, 'files' | 'headersText' | 'redirectsText'>, content: AssetContentSource): { site: AssetSite; warnings: string[] } {
  const redirects = scanned.redirectsText === null ? { rules: [], warnings: [] } : parseRedirects(scanned.redirectsText);
  const headers = scanned.headersText === null ? { rules: [], warnings: [] } : parseHeaders(scanned.headersText);
  return { site: { files: scanned.files, redirects: redirects.rules, headers: headers.rules, content }, warnings: [...redirects.warnings, ...headers.warnings] };
}

/**
 * The assets of `ledge dev`: the directory as it is on disk, scanned again whenever something in it changes
 * (no restart, no isolate reload). A scan that fails (a file past the limits, a broken rule file) is logged
 * and the previous files keep being served.
 */
export class LocalAssetSite {
  #site: AssetSite;
  #memo: HashMemo;
  #watcher: FSWatcher | undefined;
  #timer: NodeJS.Timeout | undefined;
  #scanning: Promise<void> | undefined;
  #again = false;

  private constructor(readonly directory: string, readonly logger: Logger, scanned: ScannedAssets, memo: HashMemo) {
    this.#memo = memo;
    this.#site = this.#build(scanned);
  }

  /** Scans the directory once; throws `assets_invalid` naming the file when it breaks a limit. */
  static async open(directory: string, logger: Logger): Promise<LocalAssetSite> {
    const memo: HashMemo = new Map();
    return new LocalAssetSite(directory, logger, await scanAssetDirectory(directory, memo), memo);
  }

  /** The files being served now. */
  get site(): AssetSite { return this.#site; }

  /** Scans again now; resolves once the new files are served (or the failure is logged). */
  rescan(): Promise<void> {
    if (this.#scanning) {
      this.#again = true;
      return this.#scanning;
    }
    this.#scanning = scanAssetDirectory(this.directory, this.#memo).then((scanned) => {
      this.#site = this.#build(scanned);
    }, (err: unknown) => {
      this.logger.error(`assets: ${(err as Error).message}; still serving the files as they were`);
    }).finally(() => {
      this.#scanning = undefined;
      if (this.#again) {
        this.#again = false;
        void this.rescan();
      }
    });
    return this.#scanning;
  }

  /** Rescans shortly after any change below the directory. */
  watch(): void {
    if (this.#watcher) return;
    try {
      this.#watcher = watch(this.directory, { recursive: true }, () => {
        clearTimeout(this.#timer);
        this.#timer = setTimeout(() => void this.rescan(), 50);
      });
      this.#watcher.on('error', () => this.#watcher?.close());
    } catch (err) {
      this.logger.warn(`assets: cannot watch ${this.directory} (${(err as Error).message}); changes need a restart`);
    }
  }

  close(): void {
    clearTimeout(this.#timer);
    this.#watcher?.close();
  }

  #build(scanned: ScannedAssets): AssetSite {
    // Each site keeps its own map: a request still running on the previous files reads those.
    const paths = scanned.paths;
    const { site, warnings } = siteOf(scanned, { pathOf: (hash) => paths.get(hash) ?? '' });
    for (const warning of warnings) this.logger.warn(warning);
    return site;
  }
}
