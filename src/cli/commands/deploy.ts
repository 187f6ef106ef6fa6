import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Command } from 'commander';
import { CONFIG_WARNING_MESSAGE, missingSecretsMessage, routeHostname } from '../../config/deploy.js';
import { sectionEntries } from '../../bindings/plugin.js';
import { BINDINGS } from '../../bindings/registry.js';
import type { ProjectConfig } from '../../config/load.js';
import type { Route } from '../../config/schema.js';
import { LedgeError } from '../../platform/errors.js';
import { bundle } from '../../runtime/bundle.js';
import { projectBundleOptions } from '../../config/bundle-options.js';
import { runBuildCommand } from '../../runtime/build-command.js';
import { accountPath, connectPlatform, getIfExists, loadProjectConfig, type ApiMessage, type Deployment, type Domain, type PlatformSession, type Version } from '../api-client.js';
import { printJson } from '../local.js';
import { assetsBody, prepareAssets, uploadMissing, type AssetsToDeploy } from '../assets-upload.js';

/** The module names the bundler writes for version 0, uploaded under the same names. */
const MAIN_MODULE = 'worker-0.js';
const SOURCE_MAP = 'worker-0.js.map';

type Change = 'added' | 'removed' | 'changed' | 'unchanged';

/** One binding of the plan: `name → kind → resource`. */
interface BindingLine { name: string; kind: string; resource: string; change: Change }
/** One hostname of the plan. */
interface HostnameLine { hostname: string; type: 'default' | 'preview' | 'custom'; change: Change }

interface DeployOptions { env?: string; dryRun?: boolean; json?: boolean; message?: string; account?: string }

/** `ledge deploy [dir]`: bundle, verify the token, account and hostnames, show the plan, then upload (unless --dry-run). */
export function registerDeploy(program: Command): void {
  program
    .command('deploy')
    .description('bundle the project and upload it as a new version; shows what changes first, and changes nothing with --dry-run')
    .argument('[dir]', "project directory (holds ledge.jsonc, or the original platform's wrangler file)", '.')
    .option('--env <name>', 'environment section of ledge.jsonc to deploy')
    .option('--dry-run', 'verify and show the plan, change nothing')
    .option('--message <text>', 'a note stored with the version')
    .option('--account <id>', 'account to deploy to (default: LEDGE_ACCOUNT_ID, account_id in ledge.jsonc, or the only one the token sees)')
    .option('--json', 'print JSON for scripts (progress stays on stderr)')
    .action((dir: string, opts: DeployOptions) => deploy(dir, opts));
}

async function deploy(dir: string, opts: DeployOptions): Promise<void> {
  const progress = createProgress(process.stderr);
  // Loaded before the first step, so its warnings never cut through a spinner.
  const loaded = loadProjectConfig({ dir, env: opts.env }, true) as ProjectConfig;
  // The project's own build comes first, as it does for the original's tooling: it may produce `main`.
  if (loaded.build) await runProjectBuild(loaded, loaded.build, process.stderr);
  const session = await progress.step('verifying the token and the account', () => connectPlatform(loaded, opts),
    (s) => `token ${s.token.id} (${s.credentials.source === 'env' ? 'LEDGE_API_TOKEN' : 'credentials file'}), account ${s.account.name} (${s.account.id})`);
  const config = session.config as ProjectConfig;
  const { client, account } = session;
  const base = accountPath(account.id, 'deployments', config.name);

  const current = await progress.step(`checking deployment ${config.name}`, async () => {
    const deployment = await getIfExists<Deployment>(client, base);
    const version = deployment?.current_version_id ? await client.get<Version>(`${base}/versions/${encodeURIComponent(deployment.current_version_id)}`) : undefined;
    return { deployment, version };
  }, (c) => (c.deployment ? `deployment ${config.name} is at version #${c.version?.number ?? '?'}` : `deployment ${config.name} is new`));

  // secrets.required: checked here as the platform checks the upload, so --dry-run fails where the deploy would.
  const required = config.secrets?.required ?? [];
  if (required.length) {
    await progress.step(`checking required secrets ${required.join(', ')}`, async () => {
      const set = new Set((await client.listAll<{ name: string }>(`${base}/secrets`)).map((s) => s.name));
      const missing = required.filter((n) => !set.has(n));
      if (missing.length) throw new LedgeError('config_invalid', `secrets.required: ${missingSecretsMessage(config.name, missing)}`);
    }, () => `required secrets set on ${config.name}: ${required.join(', ')}`);
  }

  const custom = customHostnames(config.routes);
  if (custom.length) {
    await progress.step(`checking hostnames ${custom.join(', ')}`, async () => {
      const domains = await client.listAll<Domain>(accountPath(account.id, 'domains'));
      const taken = custom.flatMap((h) => domains.filter((d) => d.hostname === h && d.deployment !== config.name)
        .map((d) => (d.deployment === null ? `${h} is bound to tunnel ${d.tunnel_id ?? '?'}` : `${h} is bound to deployment "${d.deployment}"`)));
      if (taken.length) throw new LedgeError('operation_failed', `${taken.join('; ')}; remove it there first (ledge domains remove <hostname>) or change "routes"; nothing was changed`);
    }, () => `hostnames free or already ${config.name}'s: ${custom.join(', ')}`);
  }

  const main = config.main;
  const modules = main === undefined
    ? { list: [], bytes: 0, sha256: '' }
    : await progress.step('bundling', () => bundleModules(config, main), (m) => `bundled ${path.relative(config.dir, main)}: ${formatBytes(m.bytes)}`);
  const projectAssets = config.assets;
  const assets: AssetsToDeploy | undefined = projectAssets && await progress.step(`reading assets in ${path.relative(config.dir, projectAssets.directory) || '.'}`,
    () => prepareAssets(client, account.id, projectAssets),
    (a) => `${a.scanned.files.size} asset files; ${a.missing.length} not on the platform yet (${formatBytes(a.missingBytes)})`);

  const plan = {
    account: { id: account.id, name: account.name },
    deployment: config.name,
    environment: config.environment ?? null,
    new_deployment: current.deployment === undefined,
    current_version: current.version ? { id: current.version.id, number: current.version.number } : null,
    bundle: main === undefined ? null : { main_module: MAIN_MODULE, bytes: modules.bytes, sha256: modules.sha256 },
    assets: assets ? { files: assets.scanned.files.size, to_upload: assets.missing.length, bytes_to_upload: assets.missingBytes } : null,
    bindings: diffBindings(config.sections, current.version?.config),
    required_secrets: [...required],
    hostnames: planHostnames(config, session, current.deployment, custom),
  };
  if (!opts.json) process.stdout.write(formatPlan(plan));

  if (opts.dryRun) {
    if (opts.json) printJson({ dry_run: true, changed: false, ...plan });
    else process.stdout.write('--dry-run: nothing was changed\n');
    return;
  }

  if (assets && assets.missing.length) {
    await progress.step(`uploading ${assets.missing.length} asset files (${formatBytes(assets.missingBytes)})`, () => uploadMissing(client, account.id, assets));
  }
  const body = {
    ...(main === undefined ? {} : { main_module: MAIN_MODULE }),
    modules: modules.list,
    ...(assets ? { assets: assetsBody(assets) } : {}),
    config: deploymentConfig(config),
    ...(opts.message === undefined ? {} : { message: opts.message }),
  };
  const answer = await progress.step(`uploading ${formatBytes(modules.bytes)}`, () => client.request<{ deployment: Deployment; version: Version }>('PUT', base, body),
    (a) => `uploaded version #${a.result.version.number}`);
  const { deployment, version } = answer.result;
  const urls = urlsOf(deployment, version);
  if (opts.json) {
    printJson({ dry_run: false, changed: true, ...plan, version, deployment_record: deployment, urls, messages: answer.messages });
    return;
  }
  process.stdout.write(`deployed ${deployment.name}: version ${version.id} (#${version.number})\n`);
  for (const url of urls) process.stdout.write(`  ${url}\n`);
  if (urls.length === 0) process.stdout.write('  no hostname: set "edge_dev", "preview_urls" or a custom domain route to reach it\n');
  // The configuration's warnings were printed when it was loaded; the API repeats them for other clients.
  printMessages(answer.messages.filter((m) => m.code !== CONFIG_WARNING_MESSAGE));
}

/** The deploy body's `config`: one resolved section without name, main and env (docs/api.md, Deployments and versions). */
export function deploymentConfig(config: ProjectConfig): Record<string, unknown> {
  const body: Record<string, unknown> = {
    compatibility_date: config.compatibility_date,
    compatibility_flags: config.compatibility_flags,
    edge_dev: config.edge_dev,
    preview_urls: config.preview_urls,
    routes: config.routes,
    vars: config.vars,
    ...(config.version_metadata ? { version_metadata: config.version_metadata } : {}),
    limits: config.limits,
    observability: config.observability,
    triggers: config.triggers,
  };
  // Coordination-object migrations are checked and applied at upload: without them a class is refused as never created.
  if (config.migrations.length > 0) body.migrations = config.migrations;
  // The platform builds the upload again with the same JSX factories and no_bundle, so what runs is what it built.
  if (config.jsx_factory !== undefined) body.jsx_factory = config.jsx_factory;
  if (config.jsx_fragment !== undefined) body.jsx_fragment = config.jsx_fragment;
  if (config.no_bundle) body.no_bundle = true;
  // The platform refuses a version whose required secrets the deployment lacks (docs/configuration.md, secrets).
  if (config.secrets !== undefined) body.secrets = { required: config.secrets.required };
  // The directory meant this machine's; the platform keeps how assets are served, their files go up by hash.
  if (config.assets) {
    body.assets = { ...config.assets, directory: '.' };
  }
  for (const [key, value] of Object.entries(config.sections)) if (value !== undefined) body[key] = value;
  return body;
}

/** Hostnames the routes bind as custom domains: a bare hostname, or one followed by `/*` (docs/api.md); other patterns are refused here as the API refuses them. */
export function customHostnames(routes: readonly Route[]): string[] {
  const found = new Set<string>();
  for (const [i, route] of routes.entries()) {
    const host = routeHostname(route);
    if ('problem' in host) throw new LedgeError('config_invalid', `routes[${i}]: ${host.problem}`);
    found.add(host.hostname);
  }
  return [...found];
}

/** The bindings of a configuration as `name → kind → resource`. */
function bindingsOf(sections: Readonly<Record<string, unknown>> | undefined): Map<string, { kind: string; resource: string }> {
  const out = new Map<string, { kind: string; resource: string }>();
  if (!sections) return out;
  for (const plugin of Object.values(BINDINGS)) {
    for (const { entry } of sectionEntries(plugin, sections[plugin.configKey])) out.set(entry.binding, { kind: plugin.kind, resource: plugin.resourceId(entry) });
  }
  return out;
}

/** The new bindings against the current version's, each marked added, changed, removed or unchanged. */
function diffBindings(next: Readonly<Record<string, unknown>>, previous: Record<string, unknown> | undefined): BindingLine[] {
  const now = bindingsOf(next);
  const before = bindingsOf(previous);
  const lines: BindingLine[] = [...now].map(([name, b]) => {
    const old = before.get(name);
    const change: Change = !previous ? 'added' : !old ? 'added' : old.kind === b.kind && old.resource === b.resource ? 'unchanged' : 'changed';
    return { name, ...b, change };
  });
  for (const [name, b] of before) if (!now.has(name)) lines.push({ name, ...b, change: 'removed' });
  return lines;
}

/** The hostnames the new version answers on, against the current deployment's. */
function planHostnames(config: ProjectConfig, session: PlatformSession, current: Deployment | undefined, custom: string[]): HostnameLine[] {
  const prefix = `${config.name}.${session.account.subdomain ?? '<subdomain>'}.`;
  const known = current?.hostnames.default;
  const defaultName = known ?? `${prefix}<platform domain>`;
  const lines: HostnameLine[] = [];
  const mark = (now: boolean, before: boolean | undefined): Change | undefined => (now ? (before ? 'unchanged' : 'added') : before ? 'removed' : undefined);
  const d = mark(config.edge_dev, current?.edge_dev);
  if (d) lines.push({ hostname: defaultName, type: 'default', change: d });
  const p = mark(config.preview_urls, current?.preview_urls);
  if (p) lines.push({ hostname: p === 'removed' ? 'preview URLs' : `<version>-${defaultName}`, type: 'preview', change: p === 'unchanged' ? 'added' : p });
  for (const h of custom) lines.push({ hostname: h, type: 'custom', change: current?.hostnames.custom.includes(h) ? 'unchanged' : 'added' });
  return lines;
}

const HOSTNAME_TYPES: Readonly<Record<HostnameLine['type'], string>> = { default: 'default hostname (edge_dev)', preview: 'preview URL of the new version (preview_urls)', custom: 'custom domain' };

/** The plan for people. */
function formatPlan(plan: { account: { id: string; name: string }; deployment: string; environment: string | null; new_deployment: boolean; current_version: { id: string; number: number } | null; bundle: { bytes: number; sha256: string } | null; assets: { files: number; to_upload: number; bytes_to_upload: number } | null; bindings: BindingLine[]; required_secrets: string[]; hostnames: HostnameLine[] }): string {
  const sign = (c: Change) => (c === 'added' ? '+ ' : c === 'removed' ? '- ' : c === 'changed' ? '~ ' : '  ');
  const lines = [
    `deployment  ${plan.deployment}${plan.environment ? ` (env ${plan.environment})` : ''}${plan.new_deployment ? ' (new)' : ''} in account ${plan.account.name} (${plan.account.id})`,
    `version     ${plan.current_version ? `#${plan.current_version.number} (${plan.current_version.id.slice(0, 8)})` : 'none'} → a new version (${plan.bundle ? `${formatBytes(plan.bundle.bytes)}, sha256 ${plan.bundle.sha256.slice(0, 12)}` : 'static assets only'})`,
    ...(plan.assets ? [`assets      ${plan.assets.files} files, ${plan.assets.to_upload} to upload (${formatBytes(plan.assets.bytes_to_upload)}); the rest are on the platform already`] : []),
    `bindings    ${plan.bindings.length ? '' : 'none'}`.trimEnd(),
    ...plan.bindings.map((b) => `  ${sign(b.change)}${b.name} → ${b.kind} → ${b.resource}${b.change === 'unchanged' ? '' : `  (${b.change})`}`),
    ...(plan.required_secrets.length ? [`secrets     ${plan.required_secrets.join(', ')} (required; each is set on ${plan.deployment})`] : []),
    `hostnames   ${plan.hostnames.length ? '' : 'none'}`.trimEnd(),
    ...plan.hostnames.map((h) => `  ${sign(h.change)}${h.hostname}  ${HOSTNAME_TYPES[h.type]}${h.change === 'unchanged' ? '' : ` (${h.change})`}`),
  ];
  return `${lines.join('\n')}\n`;
}

/** Bundles for production into a temporary directory and reads the modules to upload. */
async function bundleModules(config: ProjectConfig, entry: string): Promise<{ list: { name: string; content_base64: string }[]; bytes: number; sha256: string }> {
  const outDir = mkdtempSync(path.join(tmpdir(), 'ledge-deploy-'));
  try {
    const built = await bundle({ ...projectBundleOptions(config), entry, outDir, mode: 'production' }, 0);
    for (const warning of built.warnings) process.stderr.write(`warning: ${warning}\n`);
    const main = readFileSync(path.join(outDir, MAIN_MODULE));
    const map = readFileSync(path.join(outDir, SOURCE_MAP));
    return {
      list: [{ name: MAIN_MODULE, content_base64: main.toString('base64') }, { name: SOURCE_MAP, content_base64: map.toString('base64') }],
      bytes: main.byteLength,
      sha256: createHash('sha256').update(main).digest('hex'),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/** Runs the project's own build (`build.command`) before bundling, its output streamed under the step's name. */
async function runProjectBuild(config: ProjectConfig, build: NonNullable<ProjectConfig['build']>, stream: NodeJS.WriteStream): Promise<void> {
  const where = path.relative(config.dir, build.cwd) || '.';
  stream.write(`… running the build: ${build.command} (in ${where})\n`);
  const started = Date.now();
  try {
    await runBuildCommand({ command: build.command, cwd: build.cwd, projectDir: config.dir, produces: config.main, onLine: (line) => stream.write(`  build │ ${line}\n`) });
  } catch (err) {
    stream.write(`✗ running the build: ${build.command}\n`);
    throw err;
  }
  stream.write(`✓ build finished: ${build.command} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
}

/** The URLs the deployment answers on now: the default and preview hostnames only when switched on (the record names them either way). */
function urlsOf(deployment: Deployment, version: Version): string[] {
  const hosts = [
    deployment.edge_dev ? deployment.hostnames.default : null,
    deployment.preview_urls ? version.preview_hostname ?? deployment.hostnames.preview : null,
    ...deployment.hostnames.custom,
  ];
  return [...new Set(hosts.filter((h): h is string => typeof h === 'string' && h !== ''))].map((h) => `http://${h}/`);
}

/** The API's messages, one line each. */
export function printMessages(messages: readonly ApiMessage[]): void {
  for (const m of messages) process.stdout.write(`note: ${m.message}\n`);
}

function formatBytes(n: number): string {
  return n < 1024 ? `${n} B` : n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

/** Steps shown on stderr: a spinner on a terminal, one plain line per step otherwise. */
interface Progress {
  step<T>(label: string, work: () => Promise<T>, done?: (value: T) => string): Promise<T>;
}

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

function createProgress(stream: NodeJS.WriteStream): Progress {
  const tty = stream.isTTY === true;
  return {
    async step(label, work, done) {
      const start = Date.now();
      let frame = 0;
      const draw = () => stream.write(`\r\x1b[2K${FRAMES[frame++ % FRAMES.length]} ${label}`);
      let timer: NodeJS.Timeout | undefined;
      if (tty) {
        draw();
        timer = setInterval(draw, 80);
      } else {
        stream.write(`… ${label}\n`);
      }
      const clear = tty ? '\r\x1b[2K' : '';
      try {
        const value = await work();
        stream.write(`${clear}✓ ${done ? done(value) : label} (${((Date.now() - start) / 1000).toFixed(1)} s)\n`);
        return value;
      } catch (err) {
        stream.write(`${clear}✗ ${label}\n`);
        throw err;
      } finally {
        clearInterval(timer);
      }
    },
  };
}
