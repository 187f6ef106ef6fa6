// Starts a server process for a benchmark and waits for its "ready on <url>" line (ledge dev and the baselines print it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** Spawns `node <args>` and resolves with the child and the URL it printed once ready. */
export async function startProcess(args, options = {}) {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  while (!/ready on (http:\/\/\S+)/.test(out)) {
    const [chunk] = await once(child.stdout, 'data');
    out += chunk;
  }
  child.stdout.resume();
  return { child, url: out.match(/ready on (http:\/\/\S+)/)[1] };
}
