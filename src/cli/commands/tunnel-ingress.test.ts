import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Command } from 'commander';
import { registerTunnelIngress, type TunnelIngressIo } from './tunnel-ingress.js';

interface Run { out: string; err: string; exitCode: number | undefined }

/** Runs `tunnel <args>` in-process, as main.ts will once it registers the `tunnel` command. */
async function run(args: string[], options: { tunnelConfig?: boolean } = {}): Promise<Run> {
  const result: Run = { out: '', err: '', exitCode: undefined };
  const io: TunnelIngressIo = {
    out: (text) => { result.out += text; },
    err: (text) => { result.err += text; },
    setExitCode: (code) => { result.exitCode = code; },
  };
  const program = new Command().exitOverride().configureOutput({ writeOut: io.out, writeErr: io.err });
  const tunnel = program.command('tunnel');
  // The `tunnel` command may get its own --config (for `tunnel run`); the ingress commands honour it.
  if (options.tunnelConfig) tunnel.option('--config <FILE>', 'configuration');
  registerTunnelIngress(tunnel, io);
  await program.parseAsync(['tunnel', ...args], { from: 'user' });
  return result;
}

/** Runs a command that must fail with a Ledge error, and returns the error. */
async function failure(args: string[]): Promise<{ code: string; message: string }> {
  try {
    await run(args);
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error(`expected ${args.join(' ')} to fail`);
}

const VALID = [
  'tunnel: app',
  'ingress:',
  '  - hostname: app.example.com',
  '    service: http://localhost:8080',
  '  - hostname: "*.example.com"',
  '    path: ^/static/',
  '    service: http://localhost:8081',
  '  - service: http_status:404',
  '',
].join('\n');

const INVALID = [
  'ingress:',
  '  - hostname: app.example.com:443',
  '    service: http://localhost:8080',
  '  - hostname: "*"',
  '    service: http://localhost:8081',
  '  - hostname: "*"',
  '    service: http_status:404',
  '',
].join('\n');

/** A catch-all that reaches an origin: allowed, with a warning naming the risk. */
const RISKY = ['ingress:', '  - hostname: app.example.com', '    service: http://localhost:8080', '  - service: http://localhost:8082', ''].join('\n');

function files(): { dir: string; valid: string; invalid: string; warned: string; risky: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-tunnel-ingress-'));
  const write = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  return {
    dir,
    valid: write('ledge-tunnel.yaml', VALID),
    invalid: write('invalid.yaml', INVALID),
    risky: write('risky.yaml', RISKY),
    warned: write('warned.json', JSON.stringify({ loglevel: 'info', ingress: [{ hostname: 'a.example.com', service: 'http://localhost:1', hostnme: 'x' }, { service: 'http_status:404' }] })),
  };
}

test('ingress validate prints OK for a valid file', async () => {
  const { valid } = files();
  assert.deepEqual(await run(['ingress', 'validate', valid]), { out: `Validating rules from ${valid}\nOK\n`, err: '', exitCode: undefined });
});

test('ingress validate prints each problem with its rule number and exits 1', async () => {
  const { invalid } = files();
  const result = await run(['ingress', 'validate', invalid]);
  assert.equal(result.out, `Validating rules from ${invalid}\n`);
  assert.equal(result.err, [
    'Validation failed: Rule #1: Hostname cannot contain a port',
    "Validation failed: Rule #2 is matching the hostname '*', but this will match every hostname, meaning the rules which follow it will never be triggered.",
    'Validation failed: Rule #3: The last rule is a catch-all with only `service` set to `http_status:404`. This one also sets "hostname"; write it as: - service: http_status:404',
    '',
  ].join('\n'));
  assert.equal(result.exitCode, 1);
});

test('ingress validate warns about a catch-all that is not http_status:404, naming the risk, and exits 0', async () => {
  const { risky } = files();
  const result = await run(['ingress', 'validate', risky]);
  assert.equal(result.out, `Validating rules from ${risky}\nOK\n`);
  assert.equal(result.err, 'Warning: Rule #2: the catch-all\'s service is "http://localhost:8082", not http_status:404 as the reference has it: every request no other rule takes, for any hostname routed to this tunnel, reaches that origin, and a missing or mistyped rule no longer shows as a 404. The fallback is no firewall either: an origin also listening on a public port can be reached around the tunnel.\n');
  assert.equal(result.exitCode, undefined);
  const json = JSON.parse((await run(['ingress', 'validate', risky, '--json'])).out) as { ok: boolean; risks: string[] };
  assert.deepEqual([json.ok, json.risks.length], [true, 1]);
});

test('ingress validate lists unused keys as a warning and exits 0', async () => {
  const { warned } = files();
  const result = await run(['ingress', 'validate', warned]);
  assert.equal(result.out, [
    `Validating rules from ${warned}`,
    'Warning: unused keys detected in your config file. Here is a list of unused keys:',
    '  unknown key "loglevel" at the top level',
    '  Rule #1: unknown key "hostnme"',
    '',
  ].join('\n'));
  assert.equal(result.exitCode, undefined);
});

test('ingress validate reads ./ledge-tunnel.yaml when no file is named', async () => {
  const { dir } = files();
  const cwd = process.cwd();
  process.chdir(dir);
  try {
    assert.equal((await run(['ingress', 'validate'])).out, 'Validating rules from ./ledge-tunnel.yaml\nOK\n');
  } finally {
    process.chdir(cwd);
  }
});

test('ingress validate --json', async () => {
  const { invalid } = files();
  const result = await run(['ingress', 'validate', invalid, '--json']);
  const body = JSON.parse(result.out) as { ok: boolean; problems: { ruleNumber: number | null; message: string }[] };
  assert.equal(body.ok, false);
  assert.deepEqual(body.problems.map((p) => p.ruleNumber), [1, 2, 3]);
  assert.equal(result.err, '');
  assert.equal(result.exitCode, 1);
});

test('a missing file is a usage error naming the path', async () => {
  const { dir } = files();
  const err = await failure(['ingress', 'validate', path.join(dir, 'missing.yaml')]);
  assert.equal(err.code, 'config_not_found');
  assert.match(err.message, /no tunnel configuration at .*missing\.yaml/);
});

test('ingress rule prints the matched rule, numbered from 0 as the reference prints it', async () => {
  const { valid } = files();
  assert.deepEqual(await run(['ingress', 'rule', 'https://app.example.com/x', '--config', valid]), {
    out: `Using rules from ${valid}\nMatched rule #0\n\thostname: app.example.com\n\tservice: http://localhost:8080\n`, err: '', exitCode: undefined,
  });
  assert.equal((await run(['ingress', 'rule', 'https://cdn.example.com/static/a.css', '--config', valid])).out,
    `Using rules from ${valid}\nMatched rule #1\n\thostname: *.example.com\n\tpath: ^/static/\n\tservice: http://localhost:8081\n`);
  assert.equal((await run(['ingress', 'rule', 'http://other.test:8080/', '--config', valid])).out,
    `Using rules from ${valid}\nMatched rule #2\n\tservice: http_status:404\n`);
});

test('ingress rule --json, and a --config given to the tunnel command', async () => {
  const { valid } = files();
  const json = JSON.parse((await run(['ingress', 'rule', 'https://app.example.com/', '--config', valid, '--json'])).out) as unknown;
  assert.deepEqual(json, { source: valid, index: 0, rule: { hostname: 'app.example.com', service: 'http://localhost:8080' } });
  const viaParent = await run(['--config', valid, 'ingress', 'rule', 'https://app.example.com/'], { tunnelConfig: true });
  assert.match(viaParent.out, /Matched rule #0/);
  // With --config on both commands, the option after the subcommand still reaches it.
  const after = await run(['ingress', 'rule', 'https://app.example.com/', '--config', valid], { tunnelConfig: true });
  assert.equal(after.out, `Using rules from ${valid}\nMatched rule #0\n\thostname: app.example.com\n\tservice: http://localhost:8080\n`);
  const validateViaParent = await run(['--config', valid, 'ingress', 'validate'], { tunnelConfig: true });
  assert.equal(validateViaParent.out, `Validating rules from ${valid}\nOK\n`);
});

test('ingress rule refuses what is not a URL with a clear message (exit 2)', async () => {
  const { valid } = files();
  const cases: [string, string][] = [
    ['app.example.com/x', "app.example.com/x doesn't have a hostname, consider adding a scheme"],
    ['localhost:8080', "localhost:8080 doesn't have a hostname, consider adding a scheme"],
    ['http://exa mple.com/', 'http://exa mple.com/ is not a valid URL'],
    ['http://', 'http:// is not a valid URL'],
  ];
  for (const [arg, message] of cases) {
    const err = await failure(['ingress', 'rule', arg, '--config', valid]);
    assert.equal(err.code, 'bad_argument', arg);
    assert.equal(err.message, message);
  }
});

test('ingress rule on an invalid configuration prints the problems and exits 1', async () => {
  const { invalid } = files();
  const result = await run(['ingress', 'rule', 'https://app.example.com/', '--config', invalid]);
  assert.equal(result.out, `Using rules from ${invalid}\n`);
  assert.match(result.err, /^Validation failed: Rule #1: Hostname cannot contain a port\n/);
  assert.equal(result.exitCode, 1);
});

test('help documents the default file', async () => {
  let help = '';
  const program = new Command().exitOverride().configureOutput({ writeOut: (t) => { help += t; } });
  registerTunnelIngress(program.command('tunnel'));
  await assert.rejects(program.parseAsync(['tunnel', 'ingress', 'validate', '--help'], { from: 'user' }));
  assert.match(help, /default: \.\/ledge-tunnel\.yaml/);
});
