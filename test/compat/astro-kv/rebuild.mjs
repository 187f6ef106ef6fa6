// Rebuilds this application's committed build output (dist/) the way its user does: `npm install` of the
// exact versions in package.json, then `npm run build` (Astro 5 with @astrojs/cloudflare 12, which writes the
// server to dist/_worker.js/ beside the public files, the prerendered pages and public/.assetsignore). The
// compatibility test runs that output, so the suite needs none of these packages.
// Run it after changing the app: node test/compat/astro-kv/rebuild.mjs
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const app = import.meta.dirname;
const work = mkdtempSync(path.join(tmpdir(), 'astro-kv-'));
cpSync(app, work, { recursive: true, filter: (src) => src !== path.join(app, 'dist') && !src.includes('node_modules') });
execSync('npm install --no-audit --no-fund', { cwd: work, stdio: 'inherit' });
execSync('npm run build', { cwd: work, stdio: 'inherit', env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' } });
rmSync(path.join(app, 'dist'), { recursive: true, force: true });
cpSync(path.join(work, 'dist'), path.join(app, 'dist'), { recursive: true });
rmSync(work, { recursive: true, force: true });
console.log(`rebuilt ${path.relative(process.cwd(), path.join(app, 'dist'))}`);
