// `ledge tunnel` as real processes against a real `ledge serve`: create, token, route dns, route ip add |
// show | delete (by network, through the route_id path), and `tunnel run` serving a local origin until SIGTERM.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runCli } from './cli.js';
import { tempDir } from './helpers.js';

function get(appUrl: string, host: string, pathname = '/'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${appUrl}${pathname}`, { headers: { host } }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => { body += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('ledge tunnel: create, token, route dns and ip, and a connector process serving until SIGTERM', { timeout: 120_000 }, async () => {
  const serve = runCli(['serve', '--state', tempDir('ledge-tunnel-cli-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  const origin = createServer((req, res) => res.end(`origin saw ${req.url}`));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  const outputs: string[] = [];
  let connector: ReturnType<typeof runCli> | undefined;
  try {
    const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const appUrl = (await serve.waitFor(/applications on (http:\/\/\S+)/))[1] as string;
    const apiUrl = (await serve.waitFor(/API on (http:\/\/\S+)/))[1] as string;
    const env = { LEDGE_API_TOKEN: token, LEDGE_API_URL: apiUrl, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    const ledge = async (args: string[]) => {
      const proc = runCli(['tunnel', ...args], { env });
      const code = await proc.exited;
      outputs.push(proc.output());
      return { code, out: proc.output() };
    };
    const created = await ledge(['create', 'office']);
    assert.equal(created.code, 0, created.out);
    assert.match(created.out, /created tunnel office with id [0-9a-f-]{36}/);
    assert.equal((await ledge(['route', 'dns', 'office', 'app.example.com'])).code, 0);
    const added = await ledge(['route', 'ip', 'add', '10.20.0.0/16', 'office', '--comment', 'lab']);
    assert.equal(added.code, 0, added.out);
    assert.match(added.out, /routed 10\.20\.0\.0\/16 through tunnel office/);
    const badNetwork = await ledge(['route', 'ip', 'add', '10.20.0.5/16', 'office']);
    assert.equal(badNetwork.code, 2);
    assert.match(badNetwork.out, /host bits set; use the network 10\.20\.0\.0\/16/);
    const shown = await ledge(['route', 'ip', 'show']);
    assert.match(shown.out, /10\.20\.0\.0\/16 +default +office +lab/);
    assert.match((await ledge(['route', 'ip', 'get', '10.20.3.4'])).out, /10\.20\.3\.4 is served by 10\.20\.0\.0\/16/);

    const tunnelToken = (await ledge(['token', 'office'])).out.trim();
    // A last rule with anything besides `service` stops the connector before it dials (SPEC: Tunnel ingress configuration).
    const starred = path.join(tempDir(), 'ledge-tunnel.yaml');
    writeFileSync(starred, `ingress:\n  - hostname: app.example.com\n    service: http://127.0.0.1:1\n  - hostname: "*"\n    service: http_status:404\n`);
    const refused = runCli(['tunnel', '--config', starred, 'run'], { env: { LEDGE_TUNNEL_TOKEN: tunnelToken } });
    assert.equal(await refused.exited, 2, refused.output());
    assert.match(refused.output(), /Rule #2: The last rule is a catch-all with only `service` set to `http_status:404`\. This one also sets "hostname"; write it as: - service: http_status:404/);
    const config = path.join(tempDir(), 'ledge-tunnel.yaml');
    writeFileSync(config, `ingress:\n  - hostname: app.example.com\n    service: http://127.0.0.1:${(origin.address() as AddressInfo).port}\n  - service: http_status:404\n`);
    connector = runCli(['tunnel', '--config', config, 'run'], { env: { LEDGE_TUNNEL_TOKEN: tunnelToken } });
    await connector.waitFor(/connected to the platform/);
    assert.deepEqual(await get(appUrl, 'app.example.com', '/hi'), { status: 200, body: 'origin saw /hi' });
    assert.match((await ledge(['list'])).out, /office +healthy/);
    connector.child.kill('SIGTERM');
    assert.equal(await connector.exited, 0, 'a graceful stop exits 0');
    assert.equal((await get(appUrl, 'app.example.com')).status, 502, 'no connector any more');
    assert.equal((await ledge(['delete', 'office'])).code, 1, 'refused while a route uses it');
    const deleted = await ledge(['route', 'ip', 'delete', '10.20.0.0/16']);
    assert.equal(deleted.code, 0, deleted.out);
    assert.equal((await ledge(['route', 'ip', 'show'])).out, 'no routes\n');
    assert.equal((await ledge(['delete', 'office'])).code, 0);
    assert.equal(outputs.filter((o) => o.includes(tunnelToken)).length, 1, 'only "ledge tunnel token" prints the token');
    assert.equal(connector.rawOutput().includes(tunnelToken), false, 'the connector never prints its token');
    assert.equal(serve.rawOutput().includes(tunnelToken), false, 'the platform never prints a tunnel token');
  } finally {
    if (connector && connector.child.exitCode === null) connector.child.kill('SIGKILL');
    serve.child.kill('SIGKILL');
    origin.close();
  }
});

test('ledge tunnel run reads its token from --token-file or LEDGE_TUNNEL_TOKEN, out of the process list; --token still works with a warning', { timeout: 120_000 }, async () => {
  const serve = runCli(['serve', '--state', tempDir('ledge-tunnel-token-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  const running: ReturnType<typeof runCli>[] = [];
  try {
    const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const apiUrl = (await serve.waitFor(/API on (http:\/\/\S+)/))[1] as string;
    const env = { LEDGE_API_TOKEN: token, LEDGE_API_URL: apiUrl, HOME: tempDir(), XDG_CONFIG_HOME: tempDir() };
    assert.equal(await runCli(['tunnel', 'create', 'office'], { env }).exited, 0);
    const tokenProc = runCli(['tunnel', 'token', 'office'], { env });
    assert.equal(await tokenProc.exited, 0);
    const tunnelToken = tokenProc.rawOutput().trim();
    const file = path.join(tempDir(), 'tunnel-token');
    writeFileSync(file, `${tunnelToken}\n`, { mode: 0o600 });
    const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

    // A clean environment: the token comes from the file only.
    const fromFile = runCli(['tunnel', 'run', '--token-file', file], { env: { LEDGE_TUNNEL_TOKEN: '' } });
    running.push(fromFile);
    await fromFile.waitFor(/connected to the platform/);
    assert.ok(!commandLine(fromFile.child.pid as number).includes(tunnelToken), 'the token is not on the command line');
    assert.doesNotMatch(fromFile.output(), /--token shows/, 'no warning for a file');

    const fromEnv = runCli(['tunnel', 'run'], { env: { LEDGE_TUNNEL_TOKEN: tunnelToken } });
    running.push(fromEnv);
    await fromEnv.waitFor(/connected to the platform/);
    assert.ok(!commandLine(fromEnv.child.pid as number).includes(tunnelToken));

    const fromFlag = runCli(['tunnel', 'run', '--token', tunnelToken], { env: { LEDGE_TUNNEL_TOKEN: '' } });
    running.push(fromFlag);
    await fromFlag.waitFor(/connected to the platform/);
    assert.match(fromFlag.output(), /--token shows the tunnel token to every user of this machine \(ps, \/proc\); use LEDGE_TUNNEL_TOKEN or --token-file instead/);

    const both = runCli(['tunnel', 'run', '--token', tunnelToken, '--token-file', file]);
    assert.equal(await both.exited, 2);
    assert.match(both.output(), /give --token or --token-file, not both/);
    const missing = runCli(['tunnel', 'run', '--token-file', path.join(tempDir(), 'nope')]);
    assert.equal(await missing.exited, 2);
    assert.match(missing.output(), /--token-file: cannot read .*nope \(ENOENT\)/);
    const empty = path.join(tempDir(), 'empty');
    writeFileSync(empty, '\n');
    const blank = runCli(['tunnel', 'run', '--token-file', empty], { env: { LEDGE_TUNNEL_TOKEN: tunnelToken } });
    assert.equal(await blank.exited, 2, 'an empty file is an error, not a fall back to the environment');
    assert.match(blank.output(), /is empty/);
    const help = runCli(['tunnel', 'run', '--help']);
    await help.exited;
    assert.match(help.output(), /--token-file <file>/);

    for (const proc of running) {
      proc.child.kill('SIGTERM');
      assert.equal(await proc.exited, 0);
      assert.equal(proc.rawOutput().includes(tunnelToken), false, 'a connector never prints its token');
    }
    for (const proc of [both, missing, blank]) assert.equal(proc.rawOutput().includes(tunnelToken), false);
  } finally {
    for (const proc of running) if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
    serve.child.kill('SIGKILL');
  }
});
