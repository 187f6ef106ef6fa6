// Summarises the V8 CPU profiles a benchmark wrote with `node --cpu-prof` (one file per thread): for each thread,
// the CPU it spent and where (self time by function, and by source file), as µs per call of the benchmark.
// With the windows.json a benchmark writes beside them (bench/coordination.mjs --profile), only the samples taken
// during the measures of one scenario count, divided by the calls those measures answered.
// Usage: node bench/cpu-profile.mjs <profile dir> (--scenario one|many | <calls>) [--top 25]
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({ allowPositionals: true, options: { top: { type: 'string', default: '25' }, scenario: { type: 'string' } } });
const [dir, callsText] = positionals;
if (!dir || (!callsText && !values.scenario)) throw new Error('usage: node bench/cpu-profile.mjs <profile dir> (--scenario one|many | <calls>) [--top 25]');
const TOP = Number(values.top);
const windowsFile = path.join(dir, 'windows.json');
const windows = values.scenario && existsSync(windowsFile) ? JSON.parse(readFileSync(windowsFile, 'utf8')).filter((w) => w.scenario === values.scenario) : undefined;
if (values.scenario && !windows?.length) throw new Error(`no measure of scenario ${values.scenario} in ${windowsFile}`);
const calls = windows ? windows.reduce((sum, w) => sum + w.calls, 0) : Number(callsText);

/** Self time (µs) per node of a profile, from its samples and the time deltas between them (inside the windows only). */
function selfTimes(profile) {
  const self = new Map();
  let at = profile.startTime;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (windows && !windows.some((w) => at >= w.from && at <= w.to)) return;
    self.set(id, (self.get(id) ?? 0) + delta);
  });
  return self;
}

const shorten = (url) => url.replace(/^file:\/\//, '').replace(/.*\/node_modules\//, 'node_modules/').replace(/.*\/dist\//, 'dist/');

for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort()) {
  const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const self = selfTimes(profile);
  const byFunction = new Map();
  const byFile = new Map();
  let busy = 0;
  for (const node of profile.nodes) {
    const us = self.get(node.id) ?? 0;
    if (us === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    busy += us;
    const where = url ? `${shorten(url)}:${lineNumber + 1}` : '';
    const name = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    const source = url ? shorten(url) : functionName;
    byFile.set(source, (byFile.get(source) ?? 0) + us);
  }
  const perCall = (us) => (us / calls).toFixed(1).padStart(7);
  console.log(`\n${file}: ${perCall(busy)} µs/call busy (${(busy / 1e6).toFixed(2)} s over ${calls} calls)`);
  console.log('  by source file:');
  for (const [name, us] of [...byFile].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${perCall(us)}  ${name}`);
  console.log('  by function (self):');
  for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, TOP)) console.log(`  ${perCall(us)}  ${name}`);
}
