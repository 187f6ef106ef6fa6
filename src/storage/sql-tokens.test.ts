import { test } from 'node:test';
import assert from 'node:assert/strict';
import { splitSql } from './sql-tokens.js';
import { rewriteNumberedParams } from './sqlite/numbered-params.js';

test('splits at semicolons outside strings, names, comments and trigger bodies', () => {
  assert.deepEqual(splitSql(`
    -- a comment; with a semicolon
    CREATE TABLE "a;b" (x TEXT DEFAULT 'it''s; fine');
    /* block; comment */ INSERT INTO [a;b] VALUES ('x;y');
    CREATE TRIGGER t AFTER INSERT ON x BEGIN
      UPDATE y SET n = CASE WHEN n > 0 THEN n END; DELETE FROM z;
    END;
    CREATE TEMP TRIGGER u BEFORE DELETE ON x BEGIN SELECT 1; END
  `), [
    `-- a comment; with a semicolon\n    CREATE TABLE "a;b" (x TEXT DEFAULT 'it''s; fine')`,
    `/* block; comment */ INSERT INTO [a;b] VALUES ('x;y')`,
    'CREATE TRIGGER t AFTER INSERT ON x BEGIN\n      UPDATE y SET n = CASE WHEN n > 0 THEN n END; DELETE FROM z;\n    END',
    'CREATE TEMP TRIGGER u BEFORE DELETE ON x BEGIN SELECT 1; END',
  ]);
  assert.deepEqual(splitSql(' ; -- nothing\n;'), []);
  assert.deepEqual(splitSql('SELECT 1'), ['SELECT 1']);
});

test('numbered parameters become positional ones, outside strings and comments', () => {
  assert.equal(rewriteNumberedParams('SELECT ?'), undefined);
  assert.deepEqual(rewriteNumberedParams('SELECT ?2, ?1, ?2, ?'), { sql: 'SELECT ?, ?, ?, ?', order: [1, 0, 1, 2] });
  assert.deepEqual(rewriteNumberedParams("SELECT '?1', ?1 -- ?2\n"), { sql: "SELECT '?1', ? -- ?2\n", order: [0] });
});

test('numbered parameters past nine, next to names and after quoted text', () => {
  assert.deepEqual(rewriteNumberedParams('SELECT ?10, [?1], ?, x=?2'), { sql: 'SELECT ?, [?1], ?, x=?', order: [9, 10, 1] });
  assert.deepEqual(rewriteNumberedParams("SELECT 'unclosed ?1"), { sql: "SELECT 'unclosed ?1", order: [] });
});

test('a script is cut where the guards see statements end: strings and names touching keywords, unclosed comments', () => {
  assert.deepEqual(splitSql("SELECT'a;b';SELECT\"c;\"/* ; */;SELECT 3 /* unclosed ;"), ["SELECT'a;b'", 'SELECT"c;"/* ; */', 'SELECT 3 /* unclosed ;']);
  assert.deepEqual(splitSql('CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT CASE WHEN 1 THEN 2 END; END; SELECT 4'), ['CREATE TRIGGER t AFTER INSERT ON x BEGIN SELECT CASE WHEN 1 THEN 2 END; END', 'SELECT 4']);
});
