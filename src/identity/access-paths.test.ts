import { test } from 'node:test';
import assert from 'node:assert/strict';
import { covers, pathReadings, toGuardedPrefix } from './access-paths.js';

const guarded = (prefix: string, path: string) => pathReadings(path).some((r) => covers(toGuardedPrefix(prefix), r));

test('an escape that does not decode stays as written and leaves the rest of the path readable', () => {
  for (const path of ['/%61dmin/users%', '/adm%69n/users/%zz', '/%61dmin/%', '/%61dmin/%e2%82', '/%61dmin/%ff%fe/x']) {
    assert.equal(guarded('/admin', path), true, path);
  }
  assert.ok(pathReadings('/%61dmin/users%').includes('/admin/users%'));
  assert.ok(pathReadings('/x/%zz%41').includes('/x/%zza'), 'an invalid escape stays, the valid one next to it decodes');
});

test('lenient decoders: overlong UTF-8, %u, fullwidth letters and slashes', () => {
  assert.ok(pathReadings('/%c1%a1dmin').includes('/admin'));
  assert.ok(pathReadings('/public%c0%af..%c0%afadmin').includes('/admin'));
  assert.ok(pathReadings('/%u0061dmin').includes('/admin'));
  assert.ok(pathReadings('/%ef%bd%81dmin').includes('/admin'), 'fullwidth a, NFKC');
  assert.ok(pathReadings('/x%ef%bc%8f..%ef%bc%8fadmin').includes('/admin'), 'fullwidth slashes');
  assert.ok(pathReadings('/%f8%80').includes('/%f8%80'), 'a byte that leads no sequence stays');
});

test('dot segments are read resolved and unresolved; ; parameters and control characters end a segment', () => {
  assert.deepEqual(new Set(pathReadings('/admin/../public')), new Set(['/public', '/admin/../public']));
  assert.equal(guarded('/admin', '/public/..;/admin'), true);
  assert.equal(guarded('/admin', '/admin%00.png'), true);
  assert.equal(guarded('/admin', '/admin%20/x'), true);
  assert.equal(guarded('/admin', '/admin%3bx'), true);
});

test('plain paths have one reading; slashes and dot segments in them are still normalised', () => {
  const cases: Record<string, string[]> = {
    '/': ['/'], '/Admin/Users.json': ['/admin/users.json'], '/a/b/': ['/a/b'], '/a//b': ['/a/b'], '/a/./b': ['/a/b'],
    '/a/../b': ['/b', '/a/../b'], '/a/..': ['/', '/a/..'], '/.well-known/x': ['/.well-known/x'], '/a:b@c!$&()*+,=~': ['/a:b@c!$&()*+,=~'],
  };
  for (const [path, readings] of Object.entries(cases)) assert.deepEqual(pathReadings(path), readings, path);
});

test('paths outside the prefix stay open', () => {
  for (const path of ['/', '/public', '/administrator', '/adminx/y', '/public/admin', '/%70ublic/%zz', '/admin%', '/admin%zz', '/a/dmin']) {
    assert.equal(guarded('/admin', path), false, path);
  }
  assert.equal(toGuardedPrefix('/Admin/'), '/admin');
  assert.equal(toGuardedPrefix('/'), '/');
  assert.equal(guarded('/', '/anything%'), true);
});

test('any encoding of a guarded path is guarded (seeded random encodings)', () => {
  let seed = 7;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const hex = (c: string) => c.charCodeAt(0).toString(16).padStart(2, '0');
  const encodings: ((c: string) => string)[] = [
    (c) => c, (c) => c.toUpperCase(), (c) => `%${hex(c)}`, (c) => `%${hex(c).toUpperCase()}`, (c) => `%25${hex(c)}`,
    (c) => `%${(0xc0 | (c.charCodeAt(0) >> 6)).toString(16)}%${(0x80 | (c.charCodeAt(0) & 0x3f)).toString(16)}`, (c) => `%u00${hex(c)}`,
  ];
  const separators = ['/', '//', '\\', '%2f', '%5c', '/./', '/x/../'];
  const junk = ['%', '%zz', '%e2', ';jsessionid=1', '%3b', '%00'];
  for (let i = 0; i < 2000; i++) {
    const name = [...'admin'].map((c) => pick(encodings)(c)).join('');
    const path = `${pick(separators)}${name}${pick(['', ';x=1', '%3bx'])}${pick(separators)}users${pick(junk)}${pick(['', '/', `/${pick(junk)}`])}`;
    assert.equal(guarded('/admin', path.startsWith('/') ? path : `/${path}`), true, path);
  }
});
