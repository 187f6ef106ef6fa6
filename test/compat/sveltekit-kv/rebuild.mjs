// Rebuilds this application's committed build output the way its user does: `npm install` of the exact versions in
// package.json, then `npm run build` (SvelteKit 2 with @sveltejs/adapter-cloudflare 7). The adapter writes the
// worker as .svelte-kit/cloudflare/_worker.js beside the client files, the prerendered pages, `_headers` and an
// .assetsignore naming the worker; the worker imports the server from .svelte-kit/output/server and its manifest
// from .svelte-kit/cloudflare-tmp, so those are kept too (the rest of .svelte-kit is the build's scratch). The
// compatibility test runs that output, so the suite needs none of these packages.
// Run it after changing the app: node test/compat/sveltekit-kv/rebuild.mjs
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const app = import.meta.dirname;
const KEPT = ['cloudflare', 'cloudflare-tmp', path.join('output', 'server')];
const work = mkdtempSync(path.join(tmpdir(), 'sveltekit-kv-'));
cpSync(app, work, { recursive: true, filter: (src) => !src.startsWith(path.join(app, '.svelte-kit')) && !src.includes('node_modules') });
execSync('npm install --no-audit --no-fund', { cwd: work, stdio: 'inherit' });
execSync('npm run build', { cwd: work, stdio: 'inherit' });
rmSync(path.join(app, '.svelte-kit'), { recursive: true, force: true });
for (const dir of KEPT) cpSync(path.join(work, '.svelte-kit', dir), path.join(app, '.svelte-kit', dir), { recursive: true });
rmSync(work, { recursive: true, force: true });
console.log(`rebuilt ${KEPT.map((dir) => path.relative(process.cwd(), path.join(app, '.svelte-kit', dir))).join(', ')}`);
