// `ledge deploy`, `versions`, `rollback` and `domains` as real processes against a real `ledge serve`,
// with a token scoped to one deployment and its hostnames, as CI would run them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { interrupt, runCli, type CliProcess } from './cli.js';
import { makeProject, tempDir } from './helpers.js';

interface Envelope<T> { success: boolean; errors: { code: number; message: string }[]; messages: { message: string }[]; result: T }

/** A `ledge serve` on free ports, with its bootstrap token and account. */
interface Serve { proc: CliProcess; apiUrl: string; appUrl: string; bootstrap: string; accountId: string }

async function startServe(): Promise<Serve> {
  const proc = runCli(['serve', '--state', tempDir('ledge-serve-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  const bootstrap = (await proc.waitFor(/bootstrap token \(shown once, store it now\): (\S+)/))[1] as string;
  const appUrl = (await proc.waitFor(/applications on (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  const apiUrl = (await proc.waitFor(/API on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/))[1] as string;
  const accounts = await call<{ id: string }[]>(apiUrl, bootstrap, 'GET', '/accounts');
  assert.equal(accounts.length, 1);
  return { proc, apiUrl, appUrl, bootstrap, accountId: (accounts[0] as { id: string }).id };
}

/** One API call that must succeed. */
async function call<T>(apiUrl: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${apiUrl}${path}`, { method, headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) }, body: body === undefined ? undefined : JSON.stringify(body) });
  const envelope = await res.json() as Envelope<T>;
  assert.ok(envelope.success, `${method} ${path}: ${JSON.stringify(envelope.errors)}`);
  return envelope.result;
}

/** A request to the application listener for `host` (node:http, because fetch does not let a caller set `Host`). */
function app(serve: Serve, host: string): Promise<{ status: number; text: string; origin: string | null }> {
  return new Promise((resolve, reject) => {
    const req = request(`${serve.appUrl}/`, { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text, origin: (res.headers['ledge-origin'] as string | undefined) ?? null }));
    });
    req.on('error', reject);
    req.end();
  });
}

const worker = (label: string) => `export default {
  async fetch(request, env) {
    const n = Number((await env.CACHE.get('hits')) ?? 0) + 1;
    await env.CACHE.put('hits', String(n));
    return new Response(\`\${env.GREETING} from ${label}, hit \${n}\`);
  },
};
`;

test('deploy with a scoped token: dry run changes nothing, deploy serves on the custom domain, versions, rollback, domains', { timeout: 120_000 }, async () => {
  const serve = await startServe();
  const outputs: string[] = [];
  try {
    const account = serve.accountId;
    const ns = await call<{ id: string }>(serve.apiUrl, serve.bootstrap, 'POST', `/accounts/${account}/storage/kv/namespaces`, { title: 'shop-cache' });
    const db = await call<{ uuid: string }>(serve.apiUrl, serve.bootstrap, 'POST', `/accounts/${account}/sql/databases`, { name: 'shop-db' });
    const scoped = await call<{ id: string; value: string }>(serve.apiUrl, serve.bootstrap, 'POST', `/accounts/${account}/tokens`, {
      name: 'ci shop',
      policies: [{
        effect: 'allow',
        permission_groups: ['deployments:write', 'domains:write'],
        resources: {
          [`com.ledge.api.account.${account}.deployment.shop`]: '*',
          [`com.ledge.api.account.${account}.domain.shop.example.com`]: '*',
          [`com.ledge.api.account.${account}.domain.www.shop.example.com`]: '*',
        },
      }, {
        // Binding a resource hands code a capability: the deploying token must be able to read what it binds.
        effect: 'allow',
        permission_groups: ['kv:read', 'sql:read'],
        resources: { [`com.ledge.api.account.${account}.kv.${ns.id}`]: '*', [`com.ledge.api.account.${account}.sql.${db.uuid}`]: '*' },
      }],
    });
    const secrets = [serve.bootstrap, scoped.value];
    const home = tempDir('ledge-deploy-home-');

    /** Runs `ledge <args>` with a token in LEDGE_API_TOKEN and a home without credentials; records the output. */
    const ledge = async (args: string[], token = scoped.value): Promise<{ code: number | null; out: string }> => {
      const proc = runCli(args, { env: { LEDGE_API_TOKEN: token, LEDGE_API_URL: serve.apiUrl, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') } });
      const code = await proc.exited;
      outputs.push(proc.output());
      return { code, out: proc.output() };
    };
    const stdoutJson = async <T>(args: string[]): Promise<T> => {
      const proc = runCli(args, { env: { LEDGE_API_TOKEN: scoped.value, LEDGE_API_URL: serve.apiUrl, LEDGE_ACCOUNT_ID: '', HOME: home, XDG_CONFIG_HOME: path.join(home, 'cfg') } });
      let stdout = '';
      proc.child.stdout?.on('data', (c: Buffer) => { stdout += c.toString(); });
      assert.equal(await proc.exited, 0, proc.output());
      outputs.push(proc.output());
      return JSON.parse(stdout) as T;
    };

    const dir = makeProject({ 'src/index.js': worker('v1') }, {
      name: 'shop',
      edge_dev: true,
      routes: ['shop.example.com'],
      vars: { GREETING: 'hello' },
      kv_namespaces: [{ binding: 'CACHE', id: ns.id }],
      sql_databases: [{ binding: 'DB', database_name: 'shop-db', database_id: db.uuid }],
    });

    // --dry-run: verified and planned, nothing changed.
    const dry = await ledge(['deploy', dir, '--dry-run']);
    assert.equal(dry.code, 0, dry.out);
    assert.match(dry.out, /^deployment {2}shop \(new\) in account admin/m);
    assert.match(dry.out, new RegExp(`^ {2}\\+ CACHE → kv → ${ns.id} {2}\\(added\\)$`, 'm'));
    assert.match(dry.out, new RegExp(`^ {2}\\+ DB → sql → ${db.uuid} {2}\\(added\\)$`, 'm'));
    assert.match(dry.out, /^ {2}\+ shop\.example\.com {2}custom domain \(added\)$/m);
    assert.match(dry.out, /^--dry-run: nothing was changed$/m);
    assert.match(dry.out, /✓ bundled src\/index\.js/, 'progress lines on stderr');
    const none = await fetch(`${serve.apiUrl}/accounts/${account}/deployments/shop`, { headers: { authorization: `Bearer ${serve.bootstrap}` } });
    assert.equal(none.status, 404, 'no deployment after --dry-run');
    assert.deepEqual(await call(serve.apiUrl, serve.bootstrap, 'GET', `/accounts/${account}/domains`), [], 'no domain after --dry-run');
    assert.equal((await app(serve, 'shop.example.com')).origin, 'platform');

    // The deploy, then the application through its custom domain.
    const first = await ledge(['deploy', dir, '--message', 'first']);
    assert.equal(first.code, 0, first.out);
    const v1 = (/^deployed shop: version (\S+) \(#1\)$/m.exec(first.out) ?? assert.fail(first.out))[1] as string;
    assert.match(first.out, /^ {2}http:\/\/shop\.example\.com\/$/m);
    assert.match(first.out, /^ {2}http:\/\/shop\.admin\.\S+\/$/m, 'edge_dev: the default hostname');
    assert.deepEqual(await app(serve, 'shop.example.com'), { status: 200, text: 'hello from v1, hit 1', origin: null });

    // A second version, with --json: stdout is exactly one JSON object, progress stays on stderr.
    writeFileSync(path.join(dir, 'src/index.js'), worker('v2'));
    const second = await stdoutJson<{ changed: boolean; dry_run: boolean; current_version: { id: string; number: number }; version: { id: string; number: number }; urls: string[] }>(['deploy', dir, '--json']);
    assert.equal(second.changed, true);
    assert.equal(second.dry_run, false);
    assert.deepEqual(second.current_version, { id: v1, number: 1 });
    assert.equal(second.version.number, 2);
    assert.ok(second.urls.includes('http://shop.example.com/'));
    assert.equal((await app(serve, 'shop.example.com')).text, 'hello from v2, hit 2', 'the data stays across versions');

    const listed = await ledge(['versions', 'list', '--dir', dir]);
    assert.equal(listed.code, 0, listed.out);
    assert.match(listed.out, new RegExp(`^\\* +#2 +${second.version.id} `, 'm'));
    assert.match(listed.out, new RegExp(`^ +#1 +${v1} .*first$`, 'm'));
    const versions = await stdoutJson<{ current_version_id: string; versions: { id: string }[] }>(['versions', 'list', '--dir', dir, '--json']);
    assert.equal(versions.current_version_id, second.version.id);
    assert.deepEqual(versions.versions.map((v) => v.id), [second.version.id, v1]);

    // Rollback: refused without --yes when there is no terminal; with it, v1 serves again and the data stays.
    const unconfirmed = await ledge(['rollback', '--dir', dir]);
    assert.equal(unconfirmed.code, 2);
    assert.match(unconfirmed.out, /^ledge: rollback changes what the deployment serves; add --yes/m);
    assert.equal((await app(serve, 'shop.example.com')).text, 'hello from v2, hit 3');
    const back = await ledge(['rollback', '--dir', dir, '--yes']);
    assert.equal(back.code, 0, back.out);
    assert.match(back.out, new RegExp(`^rolled back shop: now serving version ${v1} \\(#1\\)$`, 'm'));
    assert.match(back.out, /^note: .*Data is not rolled back/m);
    assert.equal((await app(serve, 'shop.example.com')).text, 'hello from v1, hit 4');
    const forward = await ledge(['rollback', '#2', '--dir', dir, '--yes']);
    assert.equal(forward.code, 0, forward.out);
    assert.equal((await app(serve, 'shop.example.com')).text, 'hello from v2, hit 5');

    // Domains: add, list, remove, by hostname.
    const added = await ledge(['domains', 'add', 'www.shop.example.com', '--dir', dir]);
    assert.equal(added.code, 0, added.out);
    assert.match(added.out, /^added www\.shop\.example\.com → shop \(\S+\)$/m);
    assert.equal((await app(serve, 'www.shop.example.com')).text, 'hello from v2, hit 6');
    const domains = await ledge(['domains', 'list']);
    assert.match(domains.out, /^shop\.example\.com +shop /m);
    assert.match(domains.out, /^www\.shop\.example\.com +shop /m);
    const removed = await ledge(['domains', 'remove', 'www.shop.example.com']);
    assert.equal(removed.code, 0, removed.out);
    assert.match(removed.out, /^removed www\.shop\.example\.com \(was bound to shop\)$/m);
    assert.equal((await app(serve, 'www.shop.example.com')).origin, 'platform');
    const gone = await ledge(['domains', 'remove', 'www.shop.example.com']);
    assert.equal(gone.code, 1);

    // The scoped token cannot deploy anything else.
    const other = makeProject({ 'src/index.js': worker('other') }, { name: 'other', routes: ['taken.example.com'] });
    const refused = await ledge(['deploy', other]);
    assert.equal(refused.code, 1);
    assert.match(refused.out, /^ledge: GET \/accounts\/\S+\/deployments\/other: .*\[10004\]$/m);

    // A hostname bound to another deployment stops the deploy before anything changes.
    assert.equal((await ledge(['deploy', other], serve.bootstrap)).code, 0);
    const clash = makeProject({ 'src/index.js': worker('v3') }, { name: 'shop', routes: ['shop.example.com', 'taken.example.com'], kv_namespaces: [{ binding: 'CACHE', id: ns.id }] });
    const stopped = await ledge(['deploy', clash], serve.bootstrap);
    assert.equal(stopped.code, 1);
    assert.match(stopped.out, /^ledge: taken\.example\.com is bound to deployment "other"; .*nothing was changed$/m);
    const after = await call<{ id: string }[]>(serve.apiUrl, serve.bootstrap, 'GET', `/accounts/${account}/deployments/shop/versions`);
    assert.equal(after.length, 2, 'no version was added');

    for (const out of outputs) for (const secret of secrets) assert.ok(!out.includes(secret), `a token value was printed:\n${out}`);
  } finally {
    await interrupt(serve.proc);
  }
});
