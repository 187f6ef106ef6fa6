import { test } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { DEFAULT_API_URL, apiUrl, chooseAccount, credentialsFile, readCredentials, removeCredentials, resolveCredentials, writeCredentials } from './credentials.js';

const TOKEN = `ledge_${'s'.repeat(43)}`;
const OTHER = `ledge_${'e'.repeat(43)}`;

function home(): NodeJS.ProcessEnv {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-cred-'));
  return { HOME: dir, XDG_CONFIG_HOME: path.join(dir, 'xdg') };
}

test('the credentials file lives under XDG_CONFIG_HOME, else ~/.config; a relative XDG_CONFIG_HOME is ignored', () => {
  assert.equal(credentialsFile({ HOME: '/h', XDG_CONFIG_HOME: '/x' }), '/x/ledge/credentials.json');
  assert.equal(credentialsFile({ HOME: '/h' }), '/h/.config/ledge/credentials.json');
  assert.equal(credentialsFile({ HOME: '/h', XDG_CONFIG_HOME: 'rel' }), '/h/.config/ledge/credentials.json');
});

test('writeCredentials makes the directory 0700 and the file 0600, leaves no temporary file, and round-trips', () => {
  const env = home();
  const file = credentialsFile(env);
  writeCredentials(file, { api_url: 'http://127.0.0.1:1/api/v1', token: TOKEN });
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(file)).mode & 0o777, 0o700);
  assert.deepEqual(readdirSync(path.dirname(file)), ['credentials.json']);
  assert.deepEqual(readCredentials(file), { api_url: 'http://127.0.0.1:1/api/v1', token: TOKEN });

  // An existing, looser directory is tightened; an overwrite keeps mode 0600.
  chmodSync(path.dirname(file), 0o755);
  chmodSync(file, 0o644);
  writeCredentials(file, { api_url: 'http://127.0.0.1:2/api/v1', token: OTHER });
  assert.equal(statSync(file).mode & 0o777, 0o600);
  assert.equal(statSync(path.dirname(file)).mode & 0o777, 0o700);
  assert.equal(readCredentials(file)?.token, OTHER);

  assert.equal(removeCredentials(file), true);
  assert.equal(removeCredentials(file), false, 'no file is not an error');
  assert.equal(readCredentials(file), undefined);
});

test('LEDGE_API_TOKEN wins over the file; the file token keeps its own URL', () => {
  const env = home();
  writeCredentials(credentialsFile(env), { api_url: 'http://file.example:1/api/v1', token: TOKEN });

  const fromFile = resolveCredentials({ ...env, LEDGE_API_URL: 'http://elsewhere.example/api/v1' });
  assert.equal(fromFile.source, 'file');
  assert.equal(fromFile.token, TOKEN);
  assert.equal(fromFile.apiUrl, 'http://file.example:1/api/v1', 'a stored token is only sent where it was verified');
  assert.equal(fromFile.warning, undefined);

  const fromEnv = resolveCredentials({ ...env, LEDGE_API_TOKEN: OTHER });
  assert.deepEqual({ source: fromEnv.source, token: fromEnv.token, apiUrl: fromEnv.apiUrl }, { source: 'env', token: OTHER, apiUrl: DEFAULT_API_URL });
  assert.equal(resolveCredentials({ ...env, LEDGE_API_TOKEN: OTHER, LEDGE_API_URL: 'http://ci.example:9/api/v1/' }).apiUrl, 'http://ci.example:9/api/v1');
  assert.equal(resolveCredentials({ ...env, LEDGE_API_TOKEN: '  ' }).source, 'file', 'an empty variable is unset');
});

test('no token anywhere: a clear not_logged_in error naming both ways in', () => {
  const env = home();
  assert.throws(() => resolveCredentials(env), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'not_logged_in');
    assert.match(err.message, /ledge login/);
    assert.match(err.message, /LEDGE_API_TOKEN/);
    return true;
  });
});

test('a broken or readable credentials file: errors and warnings never quote the token', () => {
  const env = home();
  const file = credentialsFile(env);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `{"api_url": "http://x", "token": "${TOKEN}"`, { mode: 0o600 });
  assert.throws(() => resolveCredentials(env), (err: Error & { code?: string }) => err.code === 'not_logged_in' && !err.message.includes(TOKEN) && /not valid JSON/.test(err.message));
  writeFileSync(file, JSON.stringify({ api_url: 'http://x', token: TOKEN }));
  chmodSync(file, 0o644);
  const resolved = resolveCredentials(env);
  assert.match(resolved.warning ?? '', /can be read by other users \(mode 644\)/);
  assert.ok(!(resolved.warning ?? '').includes(TOKEN));
  assert.ok(!inspect(new Error(resolved.warning)).includes(TOKEN));
});

test('apiUrl refuses URLs that are not http(s) or carry a password', () => {
  assert.equal(apiUrl(undefined), DEFAULT_API_URL);
  assert.equal(apiUrl('https://api.example.com/api/v1/'), 'https://api.example.com/api/v1');
  assert.throws(() => apiUrl('ftp://x'), /expected http or https/);
  assert.throws(() => apiUrl('not a url'), /expected an http\(s\) URL/);
  assert.throws(() => apiUrl('http://u:p@x/api/v1'), /must not carry a user name or password/);
});

test('chooseAccount: --account, then LEDGE_ACCOUNT_ID, then ledge.jsonc, then the only one; several is an error listing them', () => {
  const a = { id: 'a'.repeat(32), name: 'alpha' };
  const b = { id: 'b'.repeat(32), name: 'beta' };
  assert.equal(chooseAccount({}, [a]), a);
  assert.equal(chooseAccount({ config: b.id }, [a, b]), b);
  assert.equal(chooseAccount({ env: a.id, config: b.id }, [a, b]), a);
  assert.equal(chooseAccount({ flag: b.id, env: a.id, config: a.id }, [a, b]), b);
  assert.throws(() => chooseAccount({}, [a, b]), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'bad_argument');
    assert.match(err.message, /sees 2 accounts: a{32} \(alpha\), b{32} \(beta\); choose one with --account <id>, LEDGE_ACCOUNT_ID or "account_id" in ledge.jsonc/);
    return true;
  });
  assert.throws(() => chooseAccount({ env: 'c'.repeat(32) }, [a]), /account c{32} \(from LEDGE_ACCOUNT_ID\) is not visible to this token; it sees: a{32} \(alpha\)/);
  assert.throws(() => chooseAccount({}, []), /sees no account/);
});
