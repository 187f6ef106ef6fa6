// WebSockets end to end through real processes: `ledge serve` (a deployment's WebSocketPair on its custom
// domain) and `ledge tunnel run` (a local origin's WebSocket through a tunnel), with real `ws` clients.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { WebSocket, WebSocketServer } from 'ws';
import { runCli, type CliProcess } from './cli.js';
import { tempDir } from './helpers.js';
import { deployBody } from './serve-helpers.js';

const ECHO = `export default { fetch(request) {
  const [client, server] = Object.values(new WebSocketPair());
  server.accept();
  server.addEventListener('message', (e) => e.data === 'bye' ? server.close(4300, 'app bye') : server.send('app:' + e.data));
  return new Response(null, { status: 101, webSocket: client });
} };`;

/** Sends `hello`, returns the answer, then sends `bye` (or closes with 4301) and returns the close the client saw. */
function exchange(appUrl: string, host: string, bye: boolean): Promise<{ answer: string; close: [number, string] }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(appUrl.replace(/^http/, 'ws') + '/ws', { headers: { host } });
    let answer = '';
    ws.once('open', () => ws.send('hello'));
    ws.once('message', (data) => {
      answer = data.toString();
      if (bye) ws.send('bye'); else ws.close(4301, 'client bye');
    });
    ws.once('close', (code, reason) => resolve({ answer, close: [code, reason.toString()] }));
    ws.once('error', reject);
  });
}

test('real ledge serve and ledge tunnel run processes carry WebSockets on a custom domain and through a tunnel', { timeout: 120_000 }, async () => {
  const procs: CliProcess[] = [];
  const originCloses: number[] = [];
  const origin = createServer();
  const wss = new WebSocketServer({ server: origin });
  wss.on('connection', (ws) => {
    ws.on('message', (data) => ws.send(`origin:${data.toString()}`));
    ws.on('close', (code) => originCloses.push(code));
  });
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  try {
    const serve = runCli(['serve', '--state', tempDir('ledge-ws-serve-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
    procs.push(serve);
    const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (ledge_\S+)/))[1] as string;
    const accountId = (await serve.waitFor(/administrator account ([0-9a-f]{32})/))[1] as string;
    const appUrl = (await serve.waitFor(/applications on (http:\/\/\S+)/))[1] as string;
    const apiUrl = (await serve.waitFor(/API on (http:\/\/\S+)/))[1] as string;
    const api = async (method: string, p: string, body?: unknown) => {
      const res = await fetch(`${apiUrl}${p}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      return await res.json() as { success: boolean; result: Record<string, unknown> };
    };
    assert.equal((await api('PUT', `/accounts/${accountId}/deployments/chat`, deployBody(ECHO, { routes: [{ pattern: 'chat.example.com', custom_domain: true }] }))).success, true);
    assert.deepEqual(await exchange(appUrl, 'chat.example.com', true), { answer: 'app:hello', close: [4300, 'app bye'] });

    const tunnel = (await api('POST', `/accounts/${accountId}/edge_tunnel`, { name: 'office' })).result;
    assert.equal((await api('POST', `/accounts/${accountId}/domains`, { hostname: 'ws.example.com', tunnel_id: tunnel.id })).success, true);
    const tunnelToken = (await api('GET', `/accounts/${accountId}/edge_tunnel/${String(tunnel.id)}/token`)).result as unknown as string;
    const config = path.join(tempDir(), 'ledge-tunnel.yaml');
    writeFileSync(config, `ingress:\n  - hostname: ws.example.com\n    service: http://127.0.0.1:${(origin.address() as AddressInfo).port}\n  - service: http_status:404\n`);
    const connector = runCli(['tunnel', '--config', config, 'run'], { env: { LEDGE_TUNNEL_TOKEN: tunnelToken } });
    procs.push(connector);
    await connector.waitFor(/connected to the platform/);
    assert.deepEqual(await exchange(appUrl, 'ws.example.com', false), { answer: 'origin:hello', close: [4301, 'client bye'] });
    const end = Date.now() + 5000;
    while (!originCloses.includes(4301) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    assert.ok(originCloses.includes(4301), `the origin saw the client's close code: ${originCloses.join(', ')}`);
  } finally {
    for (const proc of procs) proc.child.kill('SIGKILL');
    wss.close();
    origin.close();
  }
});
