import type { ProjectConfig } from '../config/load.js';
import { AssetServer } from '../entry/assets/handler.js';
import { LocalAssetSite } from '../entry/assets/local-site.js';
import type { Logger } from '../platform/logger.js';

/** The assets of a `ledge dev` project: the directory as on disk and the server answering from it. */
export interface DevAssets {
  site: LocalAssetSite;
  server: AssetServer;
  close(): void;
}

/** Reads the project's assets directory (watching it for changes when `watch`), or undefined without `assets`. */
export async function openDevAssets(config: ProjectConfig, logger: Logger, watch: boolean): Promise<DevAssets | undefined> {
  const assets = config.assets;
  if (!assets) return undefined;
  const site = await LocalAssetSite.open(assets.directory, logger.child('assets'));
  if (watch) site.watch();
  const server = new AssetServer(() => site.site, { notFound: assets.not_found_handling, html: assets.html_handling, runWorkerFirst: assets.run_worker_first });
  return { site, server, close: () => site.close() };
}
