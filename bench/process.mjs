// Starts a server process for a benchmark and waits for its "ready on <url>" line (ledge dev and the baselines print it).
import { spawn } from 'node:child_process';
import { once } from 'node:events';

/** Spawns `node <args>` and resolves with the child and the URL it printed once ready. */
export async function startProcess(args, options = {}) {
  const child = spawn(process.execPath, args, { ...options, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.setEncoding('utf8');
  // An exit before "ready" (a bad flag, a port in use) rejects instead of waiting for output that never comes.
  const exited = once(child, 'exit').then(([code, signal]) => {
    throw new Error(`${args.join(' ')} exited (${signal ?? code}) before it was ready:\n${out}`);
  });
  exited.catch(() => {});
  while (!/ready on (http:\/\/\S+)/.test(out)) {
    const [chunk] = await Promise.race([once(child.stdout, 'data'), exited]);
    out += chunk;
  }
  child.stdout.resume();
  return { child, url: out.match(/ready on (http:\/\/\S+)/)[1] };
}
