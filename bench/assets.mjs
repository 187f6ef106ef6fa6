// Static assets: requests per second for one 10 KB and one 1 MB file served by `ledge dev` (an assets-only
// project: the platform answers without an isolate), against sirv serving the same files from the same
// directory in its own process, measured in the same run with the same load generator (autocannon).
// The machine is shared and noisy: each file is measured in several rounds, alternating which server goes
// first, and the median of the rounds' ratios is the figure.
// Usage: npm run bench:assets [-- --duration 10 --connections 50 --rounds 3]
import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startProcess } from './process.mjs';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' }, rounds: { type: 'string', default: '3' } } });
const rounds = Number(values.rounds);
const duration = Number(values.duration);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.ledge', 'bench-assets');
const CLI = path.join(root, 'dist', 'cli', 'main.js');
const FILES = process.env.BENCH_ONLY_LARGE ? { "/large.bin": 1024 * 1024 } : { "/small.js": 10 * 1024, "/large.bin": 1024 * 1024 };

/** An assets-only project with the two files (random bytes: nothing compresses or caches by accident). */
function project() {
  const publicDir = path.join(work, 'public');
  mkdirSync(publicDir, { recursive: true });
  for (const [name, size] of Object.entries(FILES)) writeFileSync(path.join(publicDir, name), randomBytes(size).toString('base64').slice(0, size));
  writeFileSync(path.join(work, 'ledge.jsonc'), JSON.stringify({ name: 'bench-assets', compatibility_date: '2026-10-01', assets: { directory: 'public' } }));
  return { dir: work, publicDir };
}

/** sirv in production mode (stats read once, ETags on), in its own process like ledge dev. */
function sirvArgs(publicDir) {
  const code = `const http = require('node:http');
    const sirv = require('sirv');
    const serve = sirv(${JSON.stringify(publicDir)}, { etag: true, dev: false });
    const s = http.createServer((req, res) => serve(req, res, () => { res.statusCode = 404; res.end(); }));
    s.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + s.address().port));`;
  return ['-e', code];
}

async function measure(name, url, size) {
  const first = await fetch(url);
  const body = await first.arrayBuffer();
  if (first.status !== 200 || body.byteLength !== size) throw new Error(`${name}: unexpected response ${first.status}, ${body.byteLength} bytes`);
  await autocannon({ url, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url, connections, duration });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

async function scenario(name, args, pathname) {
  const server = await startProcess(args, { cwd: root });
  try {
    return await measure(name, `${server.url}${pathname}`, FILES[pathname]);
  } finally {
    server.child.kill();
    await once(server.child, 'exit');
  }
}

const { dir, publicDir } = project();
const ledgeArgs = [CLI, 'dev', dir, '--port', '0', '--state', path.join(work, 'state')];
console.log(`\n${connections} connections, ${duration} s each, ${rounds} rounds, autocannon, ${new Date().toISOString()}`);
const summary = [];
for (const pathname of Object.keys(FILES)) {
  const ratios = [];
  for (let round = 0; round < rounds; round++) {
    const measureSirv = () => scenario(`sirv ${pathname}`, sirvArgs(publicDir), pathname);
    const measureLedge = () => scenario(`ledge ${pathname}`, ledgeArgs, pathname);
    let sirv;
    let ledge;
    if (round % 2 === 0) { sirv = await measureSirv(); ledge = await measureLedge(); } else { ledge = await measureLedge(); sirv = await measureSirv(); }
    for (const r of [sirv, ledge]) console.log(`${r.name.padEnd(18)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
    ratios.push(ledge.rps / sirv.rps);
    console.log(`  round ${round + 1}: ledge / sirv = ${(ledge.rps / sirv.rps).toFixed(2)}`);
  }
  const median = [...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  summary.push(`ratio ledge / sirv for ${pathname} (${FILES[pathname]} bytes): median ${median.toFixed(2)} of ${ratios.map((r) => r.toFixed(2)).join(', ')} (target >= 0.8)`);
}
console.log(`\n${summary.join('\n')}`);
