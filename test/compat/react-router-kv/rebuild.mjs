// Rebuilds this application's committed build output (build/ and .wrangler/deploy/config.json) the way its
// user does: `npm install` of the exact versions in package.json, then `npm run build` (React Router with the
// original platform's Vite plugin, which also writes build/server/wrangler.json and the pointer to it). The
// compatibility test runs that output, so the suite needs none of these packages (wrangler and its runtime
// binary among them). Run it with Node 20.19+ after changing the app: node test/compat/react-router-kv/rebuild.mjs
import { execSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const app = import.meta.dirname;
const work = mkdtempSync(path.join(tmpdir(), 'react-router-kv-'));
const generated = ['build', '.wrangler'];
cpSync(app, work, { recursive: true, filter: (src) => !generated.some((name) => src === path.join(app, name)) && !src.includes('node_modules') });
execSync('npm install --no-audit --no-fund', { cwd: work, stdio: 'inherit' });
execSync('npm run build', { cwd: work, stdio: 'inherit' });
for (const name of generated) {
  rmSync(path.join(app, name), { recursive: true, force: true });
  cpSync(path.join(work, name), path.join(app, name), { recursive: true, filter: (src) => !src.startsWith(path.join(work, '.wrangler', 'state')) });
}
rmSync(work, { recursive: true, force: true });
console.log(`rebuilt ${path.relative(process.cwd(), path.join(app, 'build'))} and .wrangler/deploy/config.json`);
