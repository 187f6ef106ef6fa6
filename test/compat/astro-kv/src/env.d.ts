type Runtime = import('@astrojs/cloudflare').Runtime<Env>;

interface Env {
  SITE_TITLE: string;
  GUIDES: KVNamespace;
  SESSION: KVNamespace;
  ASSETS: Fetcher;
}

declare namespace App {
  interface Locals extends Runtime {}
}
