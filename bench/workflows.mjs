// Workflow throughput (issue 16, item 6): instances per second completing a three-step workflow, and the
// step rate of one long instance (1,000 steps), under `ledge dev` and under Miniflare 4 running the same
// workflow code in the same run (both persisting to disk). Also the bytes Ledge's process writes per step.
// Usage: npm run bench:workflows [-- --instances 500 --steps 1000]
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { startMiniflare } from './miniflare.mjs';
import { startProcess } from './process.mjs';

const { values } = parseArgs({ options: { instances: { type: 'string', default: '500' }, steps: { type: 'string', default: '1000' } } });
const INSTANCES = Number(values.instances);
const STEPS = Number(values.steps);
const root = path.resolve(import.meta.dirname, '..');
const work = path.join(root, '.ledge', 'bench-workflows');
const CLI = path.join(root, 'dist', 'cli', 'main.js');

/** The same module for both: two workflow classes and a fetch API to start them and count the finished ones. */
const MODULE = (importLine) => `${importLine}
export class Three extends WorkflowEntrypoint {
  async run(event, step) {
    const a = await step.do('one', async () => event.payload.n + 1);
    const b = await step.do('two', async () => a * 2);
    return step.do('three', async () => ({ n: event.payload.n, b }));
  }
}
export class Long extends WorkflowEntrypoint {
  async run(event, step) {
    let sum = 0;
    for (let i = 0; i < event.payload.steps; i++) sum += await step.do('step', async () => i);
    return sum;
  }
}
const pending = new Map();
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const tag = url.searchParams.get('tag');
    if (url.pathname === '/three') {
      const n = Number(url.searchParams.get('n'));
      const ids = [];
      for (let i = 0; i < n; i += 100) {
        const batch = Array.from({ length: Math.min(100, n - i) }, (_, j) => ({ id: tag + '-' + (i + j), params: { n: i + j } }));
        ids.push(...(await env.THREE.createBatch(batch)).map((x) => x.id));
      }
      pending.set(tag, new Set(ids));
      return Response.json(ids.length);
    }
    if (url.pathname === '/long') {
      await env.LONG.create({ id: tag, params: { steps: Number(url.searchParams.get('steps')) } });
      pending.set(tag, new Set([tag]));
      return Response.json(1);
    }
    if (url.pathname === '/left') {
      const left = pending.get(tag);
      const binding = url.searchParams.get('kind') === 'long' ? env.LONG : env.THREE;
      await Promise.all([...left].map(async (id) => {
        const status = await (await binding.get(id)).status();
        if (status.status === 'complete') left.delete(id);
        else if (status.status === 'errored') throw new Error(id + ' errored: ' + JSON.stringify(status.error));
      }));
      return Response.json(left.size);
    }
    return new Response('not found', { status: 404 });
  },
};`;

async function waitDone(call, tag, kind) {
  for (;;) {
    const left = await call(`/left?tag=${tag}&kind=${kind}`);
    if (left === 0) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Runs both measures through `call` (a GET returning JSON). */
async function measure(call, label, writtenBytes) {
  await call(`/three?tag=${label}-warm&n=100`);
  await waitDone(call, `${label}-warm`, 'three');
  let started = performance.now();
  await call(`/three?tag=${label}-three&n=${INSTANCES}`);
  await waitDone(call, `${label}-three`, 'three');
  const instancesPerSecond = INSTANCES / ((performance.now() - started) / 1000);
  const before = writtenBytes?.();
  started = performance.now();
  await call(`/long?tag=${label}-long&steps=${STEPS}`);
  await waitDone(call, `${label}-long`, 'long');
  const stepsPerSecond = STEPS / ((performance.now() - started) / 1000);
  const perStep = before === undefined ? undefined : (writtenBytes() - before) / STEPS;
  return { instancesPerSecond, stepsPerSecond, perStep };
}

async function ledge() {
  const dir = path.join(work, 'ledge-project');
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(path.join(dir, 'ledge.jsonc'), JSON.stringify({
    name: 'bench-workflows', main: 'src/index.js', compatibility_date: '2026-10-01',
    workflows: [{ binding: 'THREE', name: 'three', class_name: 'Three' }, { binding: 'LONG', name: 'long', class_name: 'Long', limits: { steps: Math.max(1024, STEPS) } }],
  }));
  writeFileSync(path.join(dir, 'src', 'index.js'), MODULE("import { WorkflowEntrypoint } from 'cloudflare:workers';"));
  const state = path.join(work, 'ledge-state');
  rmSync(state, { recursive: true, force: true });
  const server = await startProcess([CLI, 'dev', dir, '--port', '0', '--state', state]);
  // Bytes the process handed to write(2): the SQLite WAL and database, plus its few log lines.
  const written = () => Number(/wchar: (\d+)/.exec(readFileSync(`/proc/${server.child.pid}/io`, 'utf8'))[1]);
  try {
    return await measure(async (p) => (await fetch(server.url + p)).json(), 'ledge', written);
  } finally {
    server.child.kill();
    await once(server.child, 'exit');
  }
}

async function miniflare() {
  const { mf, dispose } = await startMiniflare({
    script: MODULE("import { WorkflowEntrypoint } from 'cloudflare:workers';"),
    workflows: { THREE: { name: 'three', className: 'Three' }, LONG: { name: 'long', className: 'Long' } },
    workflowsPersist: path.join(work, 'miniflare-state'),
  });
  try {
    return await measure(async (p) => (await mf.dispatchFetch(`http://localhost${p}`)).json(), 'mf');
  } finally {
    await dispose();
  }
}

const ours = await ledge();
let theirs;
try {
  theirs = await miniflare();
} catch (err) {
  console.error(`Miniflare 4 could not run the workflow: ${err.stack ?? err}`);
}
const ratio = (a, b) => (b ? (a / b).toFixed(1) : 'n/a');
console.log(`\nworkflows: ${INSTANCES} instances of a three-step workflow; one instance of ${STEPS} steps; ${new Date().toISOString()}`);
console.log(`ledge dev     ${ours.instancesPerSecond.toFixed(0).padStart(7)} instances/s   ${ours.stepsPerSecond.toFixed(0).padStart(7)} steps/s   ${ours.perStep.toFixed(0)} bytes written per step`);
if (theirs) console.log(`miniflare 4   ${theirs.instancesPerSecond.toFixed(0).padStart(7)} instances/s   ${theirs.stepsPerSecond.toFixed(0).padStart(7)} steps/s`);
if (theirs) console.log(`ratio         ${ratio(ours.instancesPerSecond, theirs.instancesPerSecond).padStart(7)} x           ${ratio(ours.stepsPerSecond, theirs.stepsPerSecond).padStart(7)} x   (target: at least 5 x on both)`);
