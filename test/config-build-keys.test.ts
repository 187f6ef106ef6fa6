// Build settings of the original's configuration file that real projects carry (reference control-plane.md 5.3/5.4),
// read from wrangler.jsonc as they are: `tsconfig`, `jsx_factory` / `jsx_fragment`, `secrets.required`, and `no_bundle`
// with `base_dir`, `find_additional_modules` and `rules` for modules reached by a template-literal import() at run time.
// Before, each of these keys was refused as a missing feature, so such a project did not start.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { interrupt, runCli, startDev } from './cli.js';
import { tempDir } from './helpers.js';

/** A throw-away project with a wrangler.jsonc (`config` over a minimal one) and its files. */
function project(config: Record<string, unknown>, files: Record<string, string>): string {
  const dir = tempDir('ledge-cfgkeys-');
  writeFileSync(path.join(dir, 'wrangler.jsonc'), JSON.stringify({ name: 'keys', main: 'src/index.tsx', compatibility_date: '2025-06-01', ...config }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

/** A JSX entry with three factories in scope: which one the build picked shows in the answer. */
const JSX_ENTRY = `
const tag = (who: string) => (type: unknown, props: unknown, ...children: unknown[]) => ({ who, type: typeof type === 'string' ? type : 'fragment', children });
const h = tag('jsx_factory');
const tsxH = tag('tsconfig');
const React = { createElement: tag('default'), Fragment: 'default-fragment' };
const KeyFragment = 'key-fragment';
const TsFragment = 'tsconfig-fragment';
void h; void tsxH; void React; void KeyFragment; void TsFragment;
export default { fetch: () => Response.json({ element: <p>hi</p>, fragment: <>x</> }) };
`;
const TSCONFIG = JSON.stringify({ compilerOptions: { jsx: 'react', jsxFactory: 'tsxH', jsxFragmentFactory: 'TsFragment' } });

const shape = (who: string, fragment: string) => ({ element: { who, type: 'p', children: ['hi'] }, fragment: { who, type: fragment, children: ['x'] } });

for (const isolation of ['thread', 'process'] as const) {
  test(`jsx_factory and jsx_fragment apply; the tsconfig file "tsconfig" names is read instead of tsconfig.json and, as in the original's bundler, its factories win; else React's (ledge dev, ${isolation})`, { timeout: 90_000 }, async (t) => {
    const files = { 'src/index.tsx': JSX_ENTRY, 'config/tsconfig.worker.json': TSCONFIG, 'tsconfig.json': JSON.stringify({ compilerOptions: { jsx: 'react' } }) };
    const keyed = await startDev(project({ jsx_factory: 'h', jsx_fragment: 'KeyFragment' }, files), ['--isolation', isolation]);
    t.after(() => interrupt(keyed));
    assert.deepEqual(await (await fetch(keyed.url)).json(), shape('jsx_factory', 'key-fragment'));
    const tsconfig = await startDev(project({ tsconfig: 'config/tsconfig.worker.json', jsx_factory: 'h', jsx_fragment: 'KeyFragment' }, files), ['--isolation', isolation]);
    t.after(() => interrupt(tsconfig));
    assert.deepEqual(await (await fetch(tsconfig.url)).json(), shape('tsconfig', 'tsconfig-fragment'));
    const plain = await startDev(project({}, files), ['--isolation', isolation]);
    t.after(() => interrupt(plain));
    assert.deepEqual(await (await fetch(plain.url)).json(), shape('default', 'default-fragment'));
  });
}

test('ledge dev rebuilds when the tsconfig file "tsconfig" names changes', { timeout: 60_000 }, async (t) => {
  const dir = project({ tsconfig: 'config/tsconfig.worker.json' }, { 'src/index.tsx': JSX_ENTRY, 'config/tsconfig.worker.json': TSCONFIG });
  const dev = await startDev(dir);
  t.after(() => interrupt(dev));
  assert.deepEqual(await (await fetch(dev.url)).json(), shape('tsconfig', 'tsconfig-fragment'));
  writeFileSync(path.join(dir, 'config', 'tsconfig.worker.json'), JSON.stringify({ compilerOptions: { jsx: 'react', jsxFactory: 'h', jsxFragmentFactory: 'KeyFragment' } }));
  const deadline = Date.now() + 20_000;
  let seen: unknown;
  while (Date.now() < deadline) {
    seen = await (await fetch(dev.url)).json();
    if ((seen as { element: { who: string } }).element.who === 'jsx_factory') break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  assert.deepEqual(seen, shape('jsx_factory', 'key-fragment'), dev.output());
});

test('a tsconfig that is not there, a factory that is not a name, a wrong type: refused naming the key', { timeout: 60_000 }, async () => {
  const files = { 'src/index.tsx': JSX_ENTRY };
  const cases: [Record<string, unknown>, RegExp][] = [
    [{ tsconfig: 'config/missing.json' }, /tsconfig: file "config\/missing\.json" not found \(looked for .*config\/missing\.json\)/],
    [{ jsx_factory: 'h()' }, /jsx_factory: expected a JavaScript name or member path/],
    [{ jsx_fragment: 3 }, /jsx_fragment: expected string, got 3/],
    [{ tsconfig: true }, /tsconfig: expected string, got true/],
    [{ env: { staging: { tsconfig: 'nope.json' } } }, /env\.staging\.tsconfig: file "nope\.json" not found/],
  ];
  for (const [config, message] of cases) {
    const args = config.env ? ['deploy', '--dry-run', '--env', 'staging'] : ['deploy', '--dry-run'];
    const run = runCli(args, { cwd: project(config, files) });
    assert.equal(await run.exited, 2, run.output());
    assert.match(run.output(), message);
  }
});

/** Reads two secrets, required by the configuration; answers whether each is set, never its value. */
const SECRET_ENTRY = 'export default { fetch: (req: Request, env: Record<string, string>) => Response.json({ api: env.API_KEY?.length ?? 0, db: env.DB_PASSWORD?.length ?? 0, extra: env.EXTRA ?? null }) };';

for (const isolation of ['thread', 'process'] as const) {
  test(`secrets.required: ledge dev refuses to start naming each missing secret and where to set it, then starts with them (${isolation})`, { timeout: 60_000 }, async (t) => {
    const dir = project({ secrets: { required: ['API_KEY', 'DB_PASSWORD'] } }, { 'src/index.tsx': SECRET_ENTRY, '.dev.vars': 'API_KEY=sk-live-value-never-printed\n' });
    const refused = runCli(['dev', dir, '--port', '0', '--isolation', isolation]);
    assert.notEqual(await refused.exited, 0);
    assert.match(refused.output(), /secrets\.required: The following required secrets have not been set: DB_PASSWORD\. ledge dev reads secrets from \.dev\.vars .* it read \.dev\.vars; add a NAME=value line for each/);
    assert.doesNotMatch(refused.output(), /API_KEY,|sk-live-value-never-printed/);
    writeFileSync(path.join(dir, '.dev.vars'), 'API_KEY=sk-live-value-never-printed\nDB_PASSWORD=hunter22\nEXTRA=not-listed\n');
    const dev = await startDev(dir, ['--isolation', isolation]);
    t.after(() => interrupt(dev));
    // As the original's local development: with secrets declared, only the names it lists reach the code.
    assert.deepEqual(await (await fetch(dev.url)).json(), { api: 27, db: 8, extra: null });
    assert.match(dev.output(), /secrets from \.dev\.vars: API_KEY, DB_PASSWORD \(values hidden\); left out, as secrets\.required does not list them: EXTRA/);
    assert.doesNotMatch(dev.output(), /sk-live-value-never-printed|hunter22/);
  });
}

test('secrets.required: without any secrets file the refusal says so; a name code cannot read is refused', { timeout: 60_000 }, async () => {
  const none = runCli(['dev', project({ secrets: { required: ['API_KEY'] } }, { 'src/index.tsx': SECRET_ENTRY }), '--port', '0']);
  assert.notEqual(await none.exited, 0);
  assert.match(none.output(), /The following required secrets have not been set: API_KEY\. .*there is no \.dev\.vars or \.env file/);
  const bad = runCli(['deploy', '--dry-run'], { cwd: project({ secrets: { required: ['not-a-name'] } }, { 'src/index.tsx': SECRET_ENTRY }) });
  assert.equal(await bad.exited, 2, bad.output());
  assert.match(bad.output(), /secrets\.required\[0\]: expected a name code can read from env/);
  const wrong = runCli(['deploy', '--dry-run'], { cwd: project({ secrets: { required: 'API_KEY' } }, { 'src/index.tsx': SECRET_ENTRY }) });
  assert.equal(await wrong.exited, 2, wrong.output());
  assert.match(wrong.output(), /secrets\.required: expected array, got "API_KEY"/);
});

/** An entry that loads its locale and its page text at run time, by a template-literal import() only the rules match. */
const LOCALE_ENTRY = `export default {
  async fetch(request) {
    const lang = new URL(request.url).searchParams.get('lang') ?? 'en';
    try {
      const { greeting } = await import(\`./locales/\${lang}.js\`);
      const page = await import(\`./pages/\${lang}.html\`);
      return Response.json({ greeting, page: page.default, node_env: typeof process === 'undefined' ? 'no process' : 'process' });
    } catch (err) {
      return Response.json({ error: String(err) }, { status: 404 });
    }
  },
};
`;
const LOCALE_FILES = {
  'src/index.js': LOCALE_ENTRY,
  'src/locales/en.js': "import { mark } from './shared/mark.js';\nexport const greeting = mark('hello');\n",
  'src/locales/fr.js': "import { mark } from './shared/mark.js';\nexport const greeting = mark('bonjour');\n",
  'src/locales/shared/mark.js': 'export const mark = (s) => `${s}!`;\n',
  'src/pages/en.html': '<p>English</p>\n',
  'src/pages/fr.html': '<p>Français</p>\n',
};
const NO_BUNDLE = { main: 'src/index.js', no_bundle: true, find_additional_modules: true, base_dir: 'src', rules: [{ type: 'ESModule', globs: ['**/*.js'] }] };

for (const isolation of ['thread', 'process'] as const) {
  test(`no_bundle with rules: modules a template-literal import() reaches at run time are in the version (ledge dev, ${isolation})`, { timeout: 60_000 }, async (t) => {
    const dev = await startDev(project(NO_BUNDLE, LOCALE_FILES), ['--isolation', isolation]);
    t.after(() => interrupt(dev));
    assert.deepEqual(await (await fetch(`${dev.url}?lang=fr`)).json(), { greeting: 'bonjour!', page: '<p>Français</p>\n', node_env: 'no process' });
    assert.deepEqual(await (await fetch(`${dev.url}?lang=en`)).json(), { greeting: 'hello!', page: '<p>English</p>\n', node_env: 'no process' });
    const missing = await fetch(`${dev.url}?lang=de`);
    assert.equal(missing.status, 404);
    assert.match((await missing.json() as { error: string }).error, /locales\/de\.js/);
  });
}

test('the rules apply to files a template-literal import() reaches when bundling too (Text: **/*.html)', { timeout: 60_000 }, async (t) => {
  const dev = await startDev(project({ main: 'src/index.js' }, LOCALE_FILES));
  t.after(() => interrupt(dev));
  assert.deepEqual(await (await fetch(`${dev.url}?lang=fr`)).json(), { greeting: 'bonjour!', page: '<p>Français</p>\n', node_env: 'no process' });
});

test('no_bundle still resolves what the isolate needs: the runtime modules, node: modules under nodejs_compat, Ledge\'s libraries; nothing is defined', { timeout: 60_000 }, async (t) => {
  const entry = `import { Buffer } from 'node:buffer';
import { WorkerEntrypoint } from 'cloudflare:workers';
import { SAFE_METHODS } from 'ledge/csrf';
export default {
  fetch: () => Response.json({ b64: Buffer.from('hi').toString('base64'), entrypoint: typeof WorkerEntrypoint, safe: [...SAFE_METHODS].includes('GET'), mode: typeof process === 'object' ? String(process.env.NODE_ENV) : 'none' }),
};
`;
  const dev = await startDev(project({ ...NO_BUNDLE, compatibility_flags: ['nodejs_compat'] }, { ...LOCALE_FILES, 'src/index.js': entry }));
  t.after(() => interrupt(dev));
  // process.env.NODE_ENV is not replaced under no_bundle: the isolate's own process stand-in answers (no such variable).
  assert.deepEqual(await (await fetch(dev.url)).json(), { b64: 'aGk=', entrypoint: 'function', safe: true, mode: 'undefined' });
});

test('no_bundle: a module no rule matches, a package, a file outside base_dir, define: each fails the build naming it', { timeout: 60_000 }, async () => {
  const cases: [Record<string, unknown>, Record<string, string>, RegExp][] = [
    [{ ...NO_BUNDLE, rules: [] }, LOCALE_FILES, /src\/locales\/(?:en|fr)\.js is not matched by any module rule: with "no_bundle": true/],
    [NO_BUNDLE, { ...LOCALE_FILES, 'src/index.js': `import { Hono } from 'hono';\n${LOCALE_ENTRY}` }, /"hono" is a package: with "no_bundle": true Ledge links only files under base_dir \(src\)/],
    [NO_BUNDLE, { ...LOCALE_FILES, 'src/index.js': `import '../lib/outside.js';\n${LOCALE_ENTRY}`, 'lib/outside.js': 'export {};\n' }, /lib\/outside\.js lies outside base_dir \(src\)/],
    [{ ...NO_BUNDLE, define: { __V__: '"1"' } }, LOCALE_FILES, /no_bundle: "define" replaces names while bundling/],
    [{ ...NO_BUNDLE, base_dir: 'lib' }, LOCALE_FILES, /base_dir: folder "lib" not found/],
    [{ ...NO_BUNDLE, base_dir: 'src/locales' }, LOCALE_FILES, /base_dir: with "no_bundle": true the entry \(main\) must lie under base_dir/],
    [{ ...NO_BUNDLE, no_bundle: 'yes' }, LOCALE_FILES, /no_bundle: expected boolean, got "yes"/],
  ];
  for (const [config, files, message] of cases) {
    const run = runCli(['dev', project(config, files), '--port', '0']);
    assert.notEqual(await run.exited, 0, run.output());
    assert.match(run.output(), message);
  }
});

/** A request to `ledge serve`'s application listener for `host` (node:http: fetch does not let a caller set Host). */
function hostRequest(appUrl: string, host: string, pathname: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${appUrl}${pathname}`, { headers: { host } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => { text += c.toString(); });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

test('ledge deploy to a real ledge serve: refused naming a required secret it lacks; then the platform builds the no_bundle project with the JSX factory and serves it', { timeout: 180_000 }, async (t) => {
  const serve = runCli(['serve', '--state', tempDir('ledge-serve-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0']);
  t.after(() => interrupt(serve));
  const token = (await serve.waitFor(/bootstrap token \(shown once, store it now\): (\S+)/, 60_000))[1] as string;
  const appUrl = (await serve.waitFor(/applications on (http:\/\/127\.0\.0\.1:\d+)/))[1] as string;
  const apiUrl = (await serve.waitFor(/API on (http:\/\/127\.0\.0\.1:\d+\/api\/v1)/))[1] as string;
  const api = async (method: string, pathname: string, body?: unknown) => (await fetch(`${apiUrl}${pathname}`, { method, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) })).json() as Promise<{ success: boolean; result: { id: string }[] }>;
  const account = ((await api('GET', '/accounts')).result[0] as { id: string }).id;
  const dir = project({ ...NO_BUNDLE, name: 'locales', main: 'src/index.jsx', jsx_factory: 'h', jsx_fragment: 'Frag', rules: [{ type: 'ESModule', globs: ['**/*.js'] }], secrets: { required: ['API_KEY'] } }, {
    ...LOCALE_FILES,
    'src/index.jsx': `const h = (type, props, ...children) => ({ type, children });
const Frag = 'frag';
export default {
  async fetch(request, env) {
    const lang = new URL(request.url).searchParams.get('lang') ?? 'en';
    const { greeting } = await import(\`./locales/\${lang}.js\`);
    const page = await import(\`./pages/\${lang}.html\`);
    return Response.json({ view: <>{greeting}<p>{page.default}</p></>, key: env.API_KEY.length, process: typeof process });
  },
};
`,
  });
  const cliEnv = { LEDGE_API_TOKEN: token, LEDGE_API_URL: apiUrl, LEDGE_ACCOUNT_ID: account, HOME: tempDir('ledge-home-') };
  const refusal = /^ledge: secrets\.required: The following required secrets have not been set: API_KEY\. Set each on locales first \(ledge secret put <NAME> --deployment locales, or PUT \.\.\.\/deployments\/locales\/secrets\), then deploy again; nothing was changed$/m;
  // --dry-run asks the platform which secrets the deployment has and fails as the deploy would, before bundling.
  const dry = runCli(['deploy', dir, '--dry-run'], { env: cliEnv });
  assert.equal(await dry.exited, 2, dry.output());
  assert.match(dry.output(), refusal);
  assert.doesNotMatch(dry.output(), /bundled|--dry-run: nothing was changed/);
  const refused = runCli(['deploy', dir], { env: cliEnv });
  assert.equal(await refused.exited, 2, refused.output());
  assert.match(refused.output(), refusal);
  assert.equal((await api('GET', `/accounts/${account}/deployments/locales`)).success, false, 'the refused deploy made no deployment');
  // The platform refuses such an upload itself (another client, or a secret deleted in between), in the same words.
  const upload = await api('PUT', `/accounts/${account}/deployments/locales`, { main_module: 'index.js', modules: [{ name: 'index.js', content_base64: Buffer.from('export default { fetch: () => new Response("x") };').toString('base64') }], config: { compatibility_date: '2025-06-01', secrets: { required: ['API_KEY'] } } }) as unknown as { success: boolean; errors: { message: string }[] };
  assert.equal(upload.success, false);
  assert.match(upload.errors[0]?.message ?? '', /^The following required secrets have not been set: API_KEY\. Set each on locales first .*nothing was changed$/);
  assert.equal((await api('PUT', `/accounts/${account}/deployments/locales/secrets`, { name: 'API_KEY', text: 'sk-server-secret-value' })).success, true);
  const planned = runCli(['deploy', dir, '--dry-run'], { env: cliEnv });
  assert.equal(await planned.exited, 0, planned.output());
  assert.match(planned.output(), /^secrets {5}API_KEY \(required; each is set on locales\)$/m);
  assert.match(planned.output(), /^--dry-run: nothing was changed$/m);
  const deployed = runCli(['deploy', dir], { env: cliEnv });
  assert.equal(await deployed.exited, 0, deployed.output());
  const host = /http:\/\/(locales\.[^/\s]+)\//.exec(deployed.output())?.[1];
  assert.ok(host, deployed.output());
  const answer = await hostRequest(appUrl, host, '/?lang=fr');
  assert.equal(answer.status, 200, answer.text);
  assert.deepEqual(JSON.parse(answer.text), { view: { type: 'frag', children: ['bonjour!', { type: 'p', children: ['<p>Français</p>\n'] }] }, key: 22, process: 'undefined' });
  assert.doesNotMatch(serve.output() + deployed.output() + refused.output() + planned.output(), /sk-server-secret-value/);

  // An API client's upload of JSX source: the platform's own (sandboxed) build applies the uploaded jsx_factory.
  const view = 'const el = (type, props, ...children) => ({ el: type, children });\nexport const view = () => <b>raw</b>;\n';
  const entry = "import { view } from './view.jsx';\nexport default { fetch: () => Response.json(view()) };\n";
  const modules = [{ name: 'index.js', content_base64: Buffer.from(entry).toString('base64') }, { name: 'view.jsx', content_base64: Buffer.from(view).toString('base64') }];
  const put = (config: Record<string, unknown>) => api('PUT', `/accounts/${account}/deployments/raw`, { main_module: 'index.js', modules, config: { compatibility_date: '2025-06-01', edge_dev: true, ...config } });
  const paths = await put({ jsx_factory: 'el', tsconfig: 'tsconfig.json' }) as unknown as { success: boolean; errors: { message: string }[] };
  assert.equal(paths.success, false, 'a path of the deploying machine is refused, not ignored');
  assert.match(JSON.stringify(paths.errors), /tsconfig/);
  const raw = await put({ jsx_factory: 'el' }) as unknown as { success: boolean; result: { deployment: { hostnames: { default: string } } } };
  assert.equal(raw.success, true, JSON.stringify(raw));
  const built = await hostRequest(appUrl, raw.result.deployment.hostnames.default, '/');
  assert.deepEqual(JSON.parse(built.text), { el: 'b', children: ['raw'] }, serve.output().slice(-3000));

  // A TypeScript entry: built into JavaScript and stored under a name the module loader runs (index.ts → index.js).
  const typed = "interface Shape { side: number }\nconst area = (s: Shape): number => s.side * s.side;\nexport default { fetch: (): Response => Response.json({ area: area({ side: 3 }) }) };\n";
  const ts = await api('PUT', `/accounts/${account}/deployments/typed`, { main_module: 'index.ts', modules: [{ name: 'index.ts', content_base64: Buffer.from(typed).toString('base64') }], config: { compatibility_date: '2025-06-01', edge_dev: true } }) as unknown as { success: boolean; result: { deployment: { hostnames: { default: string } }; version: { main_module: string } } };
  assert.equal(ts.success, true, JSON.stringify(ts));
  assert.equal(ts.result.version.main_module, 'index.js');
  const area = await hostRequest(appUrl, ts.result.deployment.hostnames.default, '/');
  assert.equal(area.status, 200, area.text + serve.output().slice(-3000));
  assert.deepEqual(JSON.parse(area.text), { area: 9 });
});
