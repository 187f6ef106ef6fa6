// Stopping `ledge serve` with a real `ledge tunnel run` connector connected: the platform tells connectors to
// go, waits at most its drain time, then closes them and exits; the connector dials the next start. One
// `ledge serve` per state directory: a second is refused naming the holder's pid; a dead holder's lock is taken over.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli, type CliProcess } from './cli.js';
import { tempDir } from './helpers.js';
import { exitWithin, startServe, visit } from './serve-process.js';

/** Far more than any stop below should take, far less than "until the connector leaves" (never). */
const EXIT_BOUND_MS = 20_000;

test('SIGTERM with a tunnel connector connected: it is told to go and the platform exits; a request in flight waits at most the drain time', { timeout: 120_000 }, async () => {
  const hanging: ServerResponse[] = [];
  let sawHang: () => void = () => undefined;
  const hangSeen = new Promise<void>((resolve) => { sawHang = resolve; });
  const origin = createServer((req, res) => {
    if (req.url === '/hang') { hanging.push(res); sawHang(); return; } // never answered
    res.end(`origin saw ${req.url}`);
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const state = tempDir('ledge-stop-');
  const first = await startServe(state, ['--drain-timeout', '60']);
  let second: Awaited<ReturnType<typeof startServe>> | undefined;
  let connector: CliProcess | undefined;
  try {
    const token = (await first.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const env = { LEDGE_API_TOKEN: token, LEDGE_API_URL: first.api, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const ledge = async (args: string[]) => {
      const proc = runCli(['tunnel', ...args], { env });
      assert.equal(await proc.exited, 0, proc.output());
      return proc.output();
    };
    await ledge(['create', 'office']);
    await ledge(['route', 'dns', 'office', 'app.example.com']);
    const tunnelToken = (await ledge(['token', 'office'])).trim();
    const config = path.join(tempDir(), 'ledge-tunnel.yaml');
    writeFileSync(config, `ingress:\n  - hostname: app.example.com\n    service: http://127.0.0.1:${(origin.address() as AddressInfo).port}\n  - service: http_status:404\n`);
    connector = runCli(['tunnel', '--config', config, 'run'], { env: { LEDGE_TUNNEL_TOKEN: tunnelToken } });
    await connector.waitFor(/connected to the platform/);
    assert.deepEqual(await visit(first.app, 'app.example.com', '/hi'), { status: 200, body: 'origin saw /hi' });

    // Nothing in flight: the connector leaves when told, long before the 60 s drain time.
    first.child.kill('SIGTERM');
    assert.equal(await exitWithin(first, EXIT_BOUND_MS), 0, `the platform exits while the connector still runs:\n${first.output()}`);
    await connector.waitFor(/the platform is stopping[\s\S]*reconnecting in/);
    assert.equal(connector.child.exitCode, null, 'the connector keeps running to dial the next start');

    // The next start on the same API address: the connector is back without being restarted.
    const apiPort = new URL(first.api).port;
    second = await startServe(state, ['--api-listen', `127.0.0.1:${apiPort}`, '--drain-timeout', '2']);
    await connector.waitFor(/connected to the platform[\s\S]*connected to the platform/);
    assert.deepEqual(await visit(second.app, 'app.example.com', '/again'), { status: 200, body: 'origin saw /again' });

    // A request in flight that never finishes: the platform waits its 2 s drain time, then closes the connector.
    const inFlight = visit(second.app, 'app.example.com', '/hang').catch((err: Error) => err);
    await hangSeen;
    second.child.kill('SIGTERM');
    assert.equal(await exitWithin(second, EXIT_BOUND_MS), 0, `the platform exits after its drain time:\n${second.output()}`);
    assert.match(second.output(), /stop: the drain time \(2000 ms\) is over; closing the connections and tunnel connectors still open/);
    const answer = await inFlight;
    assert.ok(answer instanceof Error || answer.status >= 500, 'the request cut by the stop is not answered as a success');

    connector.child.kill('SIGTERM');
    assert.equal(await exitWithin(connector, EXIT_BOUND_MS), 0, connector.output());
  } finally {
    for (const proc of [first, second, connector]) if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
    for (const res of hanging) res.destroy();
    origin.close();
  }
});

test('a second ledge serve on the same state directory is refused naming the pid; a dead holder\'s lock is taken over', { timeout: 60_000 }, async () => {
  const state = tempDir('ledge-lock-');
  const holder = await startServe(state);
  let next: Awaited<ReturnType<typeof startServe>> | undefined;
  try {
    const second = runCli(['serve', '--state', state, '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
    const code = await exitWithin(second, EXIT_BOUND_MS);
    if (code === 'running') second.child.kill('SIGKILL');
    assert.equal(code, 1, second.output());
    assert.match(second.output(), new RegExp(`^ledge: the state directory .+ is in use by another ledge serve \\(pid ${holder.child.pid}\\); stop it first`, 'm'));
    assert.doesNotMatch(second.output(), /^\s+at /m);
    assert.equal((await visit(holder.app, 'nothing.example.com')).status, 404, 'the holder kept serving');

    holder.child.kill('SIGKILL'); // leaves its pid file behind
    await holder.exited;
    next = await startServe(state);
    assert.match(next.output(), new RegExp(`took over the state directory from pid ${holder.child.pid}, which stopped without releasing it`));
    next.child.kill('SIGTERM');
    assert.equal(await exitWithin(next, EXIT_BOUND_MS), 0);
    assert.equal(existsSync(path.join(state, 'serve.pid')), false, 'a clean stop removes its pid file');
  } finally {
    for (const proc of [holder, next]) if (proc && proc.child.exitCode === null) proc.child.kill('SIGKILL');
  }
});
