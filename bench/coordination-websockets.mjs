// WebSockets held by a hibernating coordination object (issue 15, item 6): messages per second echoed by one
// object holding 1,000 hibernatable client sockets (each message an object event through the directory, the echo
// a socket call back to the host), against a worker that accept()s the same 1,000 sockets itself (no object,
// messages straight to the isolate) in the same run, on a real `ledge dev` over loopback.
// Usage: npm run bench:coordination-websockets [-- --clients 1000 --messages 20 --isolation thread|process]
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const { values } = parseArgs({ options: { clients: { type: 'string', default: '1000' }, messages: { type: 'string', default: '20' }, isolation: { type: 'string', default: 'thread' } } });
const CLIENTS = Number(values.clients);
const MESSAGES = Number(values.messages);
const CLI = path.resolve(import.meta.dirname, '..', 'dist', 'cli', 'main.js');

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Echo extends DurableObject {
  fetch(request) {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server);
    return new Response(null, { status: 101, webSocket: client });
  }
  webSocketMessage(ws, message) { ws.send(message); }
}
export default {
  fetch(request, env) {
    if (new URL(request.url).pathname === '/object') return env.ECHO.getByName('room').fetch(request);
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    server.addEventListener('message', (event) => server.send(event.data));
    return new Response(null, { status: 101, webSocket: client });
  },
};`;

const dir = mkdtempSync(path.join(tmpdir(), 'ledge-bench-objws-'));
mkdirSync(path.join(dir, 'src'));
writeFileSync(path.join(dir, 'src', 'index.js'), APP);
writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
  name: 'bench-objws', main: 'src/index.js', compatibility_date: '2026-10-01',
  durable_objects: { bindings: [{ name: 'ECHO', class_name: 'Echo' }] },
  migrations: [{ tag: 'v1', new_sqlite_classes: ['Echo'] }],
}));

const child = spawn(process.execPath, [CLI, 'dev', dir, '--port', '0', '--state', path.join(dir, '.state'), ...(values.isolation === 'process' ? ['--isolation', 'process'] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
let output = '';
const url = await new Promise((resolve, reject) => {
  const onData = (chunk) => {
    output += chunk.toString();
    const match = /ready on (http:\/\/\S+)/.exec(output);
    if (match) resolve(match[1]);
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  child.once('exit', () => reject(new Error(`ledge dev exited:\n${output}`)));
});

/** Opens the clients, then each sends MESSAGES, one at a time after its echo; messages per second echoed. */
async function run(pathname) {
  const clients = [];
  for (let i = 0; i < CLIENTS; i += 100) {
    const batch = Array.from({ length: Math.min(100, CLIENTS - i) }, () => new WebSocket(`${url.replace(/^http/, 'ws')}${pathname}`));
    await Promise.all(batch.map((ws) => new Promise((resolve, reject) => { ws.once('open', resolve); ws.once('error', reject); })));
    clients.push(...batch);
  }
  const pingPong = (ws, count) => new Promise((resolve) => {
    let left = count;
    ws.on('message', () => { if (--left === 0) resolve(); else ws.send('m'); });
    ws.send('m');
  });
  await Promise.all(clients.map((ws) => pingPong(ws, 2)));
  for (const ws of clients) ws.removeAllListeners('message');
  const started = performance.now();
  await Promise.all(clients.map((ws) => pingPong(ws, MESSAGES)));
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((ws) => new Promise((resolve) => { ws.once('close', resolve); ws.close(); })));
  return (CLIENTS * MESSAGES) / seconds;
}

try {
  const worker = await run('/worker');
  const object = await run('/object');
  console.log(`coordination WebSockets: ${CLIENTS} clients x ${MESSAGES} messages each, ${values.isolation} isolation, load average ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.log(`  worker accept()s its sockets (baseline)      ${worker.toFixed(0).padStart(8)} messages/s`);
  console.log(`  one hibernating object, ${CLIENTS} sockets       ${object.toFixed(0).padStart(8)} messages/s   ${(object / worker).toFixed(2)}x the baseline`);
} finally {
  child.kill('SIGINT');
  await new Promise((resolve) => child.once('exit', resolve));
  rmSync(dir, { recursive: true, force: true });
}
