import { test } from 'node:test';
import assert from 'node:assert/strict';
import { interrupt, runCli } from './cli.js';
import { makeProject } from './helpers.js';
import { AUTH_SOURCE, FRONT_SOURCE } from './services-sources.js';

/** Two projects as `ledge dev front/ auth/` starts them. */
function projects(): { front: string; auth: string } {
  const auth = makeProject({ 'src/index.js': AUTH_SOURCE }, { name: 'auth', services: [{ binding: 'SELF', service: 'auth' }] });
  const front = makeProject({ 'src/index.js': FRONT_SOURCE }, {
    name: 'front',
    services: [{ binding: 'AUTH', service: 'auth' }, { binding: 'ADMIN', service: 'auth', entrypoint: 'Admin', props: { tenant: 't1', plan: 2 } }],
  });
  return { front, auth };
}

for (const isolation of ['thread', 'process'] as const) {
  test(`ledge dev front/ auth/ (${isolation} isolation): the first project serves, and reaches the second through its bindings`, async (t) => {
    const { front, auth } = projects();
    const dev = runCli(['dev', front, auth, '--port', '0', ...(isolation === 'process' ? ['--isolation', 'process'] : [])]);
    t.after(() => { dev.child.kill('SIGKILL'); });
    const url = (await dev.waitFor(/front ready on (http:\/\/\S+)/, 60_000))[1] as string;
    assert.match(dev.output(), /auth ready \(reachable through service bindings only\)/);
    assert.equal((dev.output().match(/ready on http/g) ?? []).length, 1, 'only the first project listens');

    // fetch through a binding: the callee sees the request, and the caller as the platform states it, never the forged header.
    const fetched = await (await fetch(`${url}/fetch`)).json() as Record<string, unknown>;
    assert.deepEqual(fetched, { caller: 'front', path: '/hello', method: 'POST', body: 'hi', props: {} });

    // RPC: a function argument called back in the caller, an RpcTarget result whose methods run in the callee.
    assert.deepEqual(await (await fetch(`${url}/rpc`)).json(), { doubled: [2, 4, 6], first: 15, second: 16 });

    // An exception in the callee reaches the caller with its class, name and message, and remote: true.
    assert.deepEqual(await (await fetch(`${url}/error`)).json(), { name: 'RangeError', message: 'no such user', remote: true, isRangeError: true });
    assert.deepEqual(await (await fetch(`${url}/missing`)).json(), { message: 'The RPC receiver does not implement the method "nothing".', remote: true });

    // ctx.props from the binding, ctx.caller from the platform, on a named entrypoint.
    assert.deepEqual(await (await fetch(`${url}/props`)).json(), { props: { tenant: 't1', plan: 2 }, caller: { deployment: 'front' } });

    // A loop between deployments ends at the depth limit with a clear error.
    const loop = await (await fetch(`${url}/loop`)).json() as { message: string; remote: boolean };
    assert.match(loop.message, /nested more than 16 deep \(a loop between deployments\?\)/);

    // A request from outside never carries the caller header, whatever the client sends.
    assert.equal(await (await fetch(`${url}/direct`, { headers: { 'ledge-caller-deployment': 'auth' } })).text(), 'none');
    assert.equal(await interrupt(dev), 0);
  });
}
