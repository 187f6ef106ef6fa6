// `ledge serve --public-scheme`: in --help, and a value other than http or https is refused naming the option
// (its effect, https request URLs behind a TLS-terminating proxy, is proven end to end by test/compat/oauth-api.test.ts
// and at the unit level by src/entry/request-target.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runCli } from './cli.js';
import { tempDir } from './helpers.js';

test('ledge serve --help names --public-scheme, and a scheme other than http or https is refused', async () => {
  const help = runCli(['serve', '--help']);
  assert.equal(await help.exited, 0);
  assert.match(help.output().replace(/\s+/g, ' '), /--public-scheme <scheme> scheme of the request URLs applications see: https when clients reach the application listener through a TLS-terminating proxy .*\(default: "http"\)/);
  for (const value of ['ftp', 'HTTPS ', 'wss', '']) {
    const refused = runCli(['serve', '--state', tempDir('ledge-scheme-cli-'), '--listen', '127.0.0.1:0', '--api-listen', '127.0.0.1:0', '--public-scheme', value]);
    assert.notEqual(await refused.exited, 0, value);
    assert.match(refused.output(), new RegExp(`--public-scheme: expected http or https, got "${value}"`));
  }
});
