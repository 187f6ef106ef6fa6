// Rebuilds this application's committed build output (.output/ and .wrangler/deploy/config.json) the way its
// user does: `npm install` of the exact version in package.json, then `npm run build` (Nitro's cloudflare_module
// preset with deployConfig, which writes .output/server/wrangler.json and the pointer to it). The compatibility
// test runs that output, so the suite needs none of Nitro's packages. Run it after changing the app:
// node test/compat/nitro-kv/rebuild.mjs
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const app = import.meta.dirname;
const work = mkdtempSync(path.join(tmpdir(), 'nitro-kv-'));
const generated = ['.output', '.wrangler'];
cpSync(app, work, { recursive: true, filter: (src) => !generated.some((name) => src === path.join(app, name)) && !src.includes('node_modules') });
execSync('npm install --no-audit --no-fund', { cwd: work, stdio: 'inherit' });
execSync('npm run build', { cwd: work, stdio: 'inherit' });
for (const name of generated) rmSync(path.join(app, name), { recursive: true, force: true });
// The source map and the output's own package files are not what the application runs.
cpSync(path.join(work, '.output'), path.join(app, '.output'), { recursive: true, filter: (src) => !/\.map$|package(-lock)?\.json$/.test(src) });
cpSync(path.join(work, '.wrangler', 'deploy'), path.join(app, '.wrangler', 'deploy'), { recursive: true });
rmSync(work, { recursive: true, force: true });
console.log(`rebuilt ${path.relative(process.cwd(), path.join(app, '.output'))} and .wrangler/deploy/config.json`);
