// Requests per second of the health example under `ledge dev`, against a plain node:http server that
// returns the same bytes, measured in the same run with the same load generator (autocannon).
// Usage: npm run bench [-- --duration 10 --connections 50]
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({ options: { duration: { type: 'string', default: '10' }, connections: { type: 'string', default: '50' } } });
const duration = Number(values.duration);
const connections = Number(values.connections);
const root = path.resolve(import.meta.dirname, '..');

const BODY = '{"ok":true,"schema":"health/1"}';
const HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' };

async function startBaseline() {
  // In its own process, like ledge dev, so both servers get the same share of the machine.
  const code = `const http = require('node:http');
    const body = Buffer.from(${JSON.stringify(BODY)});
    const headers = { ...${JSON.stringify(HEADERS)}, 'content-length': body.length };
    const s = http.createServer((req, res) => { res.writeHead(200, headers); res.end(body); });
    s.listen(0, '127.0.0.1', () => console.log('ready on http://127.0.0.1:' + s.address().port));`;
  return startProcess([ '-e', code ]);
}

function startLedge() {
  return startProcess([path.join(root, 'dist', 'cli', 'main.js'), 'dev', path.join(root, 'examples', 'health-worker'), '--port', '0', '--state', path.join(root, '.ledge', 'bench-state')]);
}

async function startProcess(args) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  while (!/ready on (http:\/\/\S+)/.test(out)) {
    const [chunk] = await once(child.stdout, 'data');
    out += chunk;
  }
  child.stdout.resume();
  return { child, url: out.match(/ready on (http:\/\/\S+)/)[1] };
}

async function measure(name, url) {
  await autocannon({ url: `${url}/health`, connections, duration: 2 }); // warm-up
  const result = await autocannon({ url: `${url}/health`, connections, duration });
  if (result.non2xx || result.errors) throw new Error(`${name}: ${result.non2xx} non-2xx responses, ${result.errors} errors`);
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99, total: result.requests.total };
}

const baseline = await startBaseline();
const ledge = startLedge();
const { url: ledgeUrl, child: ledgeChild } = await ledge;
try {
  const plain = await measure('node:http', baseline.url);
  const dev = await measure('ledge dev', ledgeUrl);
  const ratio = dev.rps / plain.rps;
  console.log(`\nhealth example, ${connections} connections, ${duration} s, autocannon, ${new Date().toISOString()}`);
  for (const r of [plain, dev]) console.log(`${r.name.padEnd(10)} ${r.rps.toFixed(0).padStart(8)} req/s   p50 ${r.p50} ms   p99 ${r.p99} ms`);
  console.log(`ratio ledge dev / node:http = ${ratio.toFixed(2)} (target >= 0.5)`);
} finally {
  baseline.child.kill();
  ledgeChild.kill();
}
