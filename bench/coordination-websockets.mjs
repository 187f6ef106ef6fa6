// WebSockets held by a hibernating coordination object (issue 15, item 6): messages per second echoed by one
// object holding 1,000 hibernatable client sockets (each message an object event through the directory, the echo
// a socket call back to the host), against a worker that accept()s the same 1,000 sockets itself (no object,
// messages straight to the isolate) in the same run, on a real `ledge dev` over loopback. A third case writes
// before it echoes (`put` then `send`), so each echo waits at the output gate for the write's commit.
// With --compare, another build of Ledge (e.g. a checkout of main) is measured too, alternating with this one
// round by round; the figures are medians of the rounds.
// Usage: npm run bench:coordination-websockets [-- --clients 1000 --messages 20 --isolation thread|process
//        --rounds 3 --compare <another checkout>/dist/cli/main.js]
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';

const { values } = parseArgs({
  options: {
    clients: { type: 'string', default: '1000' },
    messages: { type: 'string', default: '20' },
    isolation: { type: 'string', default: 'thread' },
    rounds: { type: 'string', default: '1' },
    compare: { type: 'string' }, // path to another build's dist/cli/main.js
  },
});
const CLIENTS = Number(values.clients);
const MESSAGES = Number(values.messages);
const ROUNDS = Number(values.rounds);
const CLI = path.resolve(import.meta.dirname, '..', 'dist', 'cli', 'main.js');

const APP = `
import { DurableObject } from 'cloudflare:workers';
export class Echo extends DurableObject {
  fetch(request) {
    const [client, server] = Object.values(new WebSocketPair());
    this.ctx.acceptWebSocket(server, [new URL(request.url).pathname === '/object-write' ? 'write' : 'echo']);
    return new Response(null, { status: 101, webSocket: client });
  }
  webSocketMessage(ws, message) {
    // The write case: each echo waits for its write to commit (the output gate).
    if (this.ctx.getTags(ws).includes('write')) this.ctx.storage.put('last', message);
    ws.send(message);
  }
}
export default {
  fetch(request, env) {
    const { pathname } = new URL(request.url);
    if (pathname === '/object' || pathname === '/object-write') return env.ECHO.getByName(pathname.slice(1)).fetch(request);
    const [client, server] = Object.values(new WebSocketPair());
    server.accept();
    server.addEventListener('message', (event) => server.send(event.data));
    return new Response(null, { status: 101, webSocket: client });
  },
};`;

/** Starts `ledge dev` of `cli` on a fresh project; resolves with its URL and a way to stop it. */
async function startDev(cli) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-bench-objws-'));
  mkdirSync(path.join(dir, 'src'));
  writeFileSync(path.join(dir, 'src', 'index.js'), APP);
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
    name: 'bench-objws', main: 'src/index.js', compatibility_date: '2026-10-01',
    durable_objects: { bindings: [{ name: 'ECHO', class_name: 'Echo' }] },
    migrations: [{ tag: 'v1', new_sqlite_classes: ['Echo'] }],
  }));
  const child = spawn(process.execPath, [cli, 'dev', dir, '--port', '0', '--state', path.join(dir, '.state'), ...(values.isolation === 'process' ? ['--isolation', 'process'] : [])], { stdio: ['ignore', 'pipe', 'pipe'] });
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
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGINT');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** CPU seconds `ledge dev` has used (every thread of its process: thread isolation runs the isolate there too). */
function cpuSeconds(pid) {
  // Fields 14 and 15 of /proc/<pid>/stat, after the command name in parentheses: user and system time in clock ticks.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Opens the clients, then each sends MESSAGES, one at a time after its echo: messages per second echoed, and the
 * CPU `ledge dev`'s process spent per message (steadier than throughput on a loaded machine; under process
 * isolation the sandbox's own processes are not counted).
 */
async function run(url, pid, pathname) {
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
  const cpuBefore = cpuSeconds(pid);
  await Promise.all(clients.map((ws) => pingPong(ws, MESSAGES)));
  const cpu = cpuSeconds(pid) - cpuBefore;
  const seconds = (performance.now() - started) / 1000;
  await Promise.all(clients.map((ws) => new Promise((resolve) => { ws.once('close', resolve); ws.close(); })));
  return { rate: (CLIENTS * MESSAGES) / seconds, cpuMicros: (cpu * 1e6) / (CLIENTS * MESSAGES) };
}

const CASES = [['worker', '/worker'], ['object', '/object'], ['objectWrite', '/object-write']];
const systems = [{ name: 'ledge', cli: CLI }, ...(values.compare ? [{ name: 'ledge other', cli: path.resolve(values.compare) }] : [])];
/** Each system's figures by case, one per round. */
const figures = new Map(systems.map((s) => [s.name, Object.fromEntries(CASES.map(([c]) => [c, []]))]));
const loads = [];
for (let round = 0; round < ROUNDS; round++) {
  // Rounds alternate which system goes first, so neither always runs on the machine the other warmed or loaded.
  const order = round % 2 === 0 ? systems : [...systems].reverse();
  for (const system of order) {
    const dev = await startDev(system.cli);
    try {
      for (const [name, pathname] of CASES) figures.get(system.name)[name].push(await run(dev.url, dev.pid, pathname));
    } finally {
      await dev.stop();
    }
    loads.push(loadavg()[0]);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const fmt = (n) => n.toFixed(0).padStart(8);
const rates = (runs) => runs.map((r) => r.rate);
const cpus = (runs) => runs.map((r) => r.cpuMicros);
console.log(`coordination WebSockets: ${CLIENTS} clients x ${MESSAGES} messages each, ${values.isolation} isolation, ${ROUNDS} round(s), load average ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}`);
console.log('  medians of the rounds: messages per second, and CPU of ledge dev\'s process per message');
const LABELS = {
  worker: 'worker accept()s its sockets (baseline)',
  object: `one hibernating object, ${CLIENTS} sockets`,
  objectWrite: 'the same, a put before each echo (output gate)',
};
for (const system of systems) {
  const f = figures.get(system.name);
  const worker = median(rates(f.worker));
  console.log(`${system.name} (${system.cli})`);
  for (const [name] of CASES) {
    const rate = median(rates(f[name]));
    const against = name === 'worker' ? '' : `   ${(rate / worker).toFixed(2)}x the baseline`;
    console.log(`  ${LABELS[name].padEnd(48)} ${fmt(rate)} messages/s ${median(cpus(f[name])).toFixed(0).padStart(5)} µs CPU${against}   (rounds: ${rates(f[name]).map((x) => x.toFixed(0)).join(', ')})`);
  }
}
if (systems.length === 2) {
  const [a, b] = systems.map((s) => figures.get(s.name));
  const ratio = (c, pick) => a[c].map((x, i) => pick(x) / pick(b[c][i]));
  const line = (pick) => CASES.map(([c]) => `${c} ${median(ratio(c, pick)).toFixed(2)} (${ratio(c, pick).map((x) => x.toFixed(2)).join(', ')})`).join('; ');
  console.log(`ledge / ledge other, median of the rounds' ratios (rounds): messages/s: ${line((r) => r.rate)}`);
  console.log(`  CPU per message: ${line((r) => r.cpuMicros)}`);
}
