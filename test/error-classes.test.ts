// Every error class the platform throws carries a code from the one table (src/platform/errors.ts) and is
// recognised by that code after crossing a thread, while application code keeps the names and messages it had.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { MessageChannel, receiveMessageOnPort } from 'node:worker_threads';
import { ERROR_CODES, isLedgeError } from '../src/platform/errors.js';
import { BindingError, isBindingError } from '../src/bindings/plugin.js';
import { SqlStatementError, isSqlStatementError } from '../src/storage/ports.js';
import { TaskTransitionError, TASK_TRANSITION_CODES, isTaskTransitionError } from '../src/lib/tasks/index.js';

/** What the error looks like on the other side of a MessagePort (structured clone keeps own fields). */
function acrossThread<T>(err: T): unknown {
  const { port1, port2 } = new MessageChannel();
  port1.postMessage({ ...err, message: (err as Error).message, name: (err as Error).name });
  const received = receiveMessageOnPort(port2)?.message;
  port1.close();
  return received;
}

test('a binding refusal carries binding_refused and keeps the name application code sees', () => {
  const err = new BindingError('TypeError', 'KV PUT failed: 414 UTF-8 encoded length of 600 exceeds key length limit of 512.');
  assert.equal(err.code, 'binding_refused');
  assert.equal(err.name, 'TypeError');
  assert.equal(err.message, 'KV PUT failed: 414 UTF-8 encoded length of 600 exceeds key length limit of 512.');
  assert.ok(isLedgeError(err) && isBindingError(err));
  assert.ok(isBindingError(acrossThread(err)), 'recognised by code once cloned');
  assert.ok(!isBindingError(new TypeError('x')), 'a plain TypeError is not a binding refusal');
  assert.ok(!isBindingError({ code: 'binding_refused', message: 'x' }), 'the code alone, without kind, is not enough to answer the isolate');
});

test('a failed SQL statement carries sql_statement_failed and its index', () => {
  const err = new SqlStatementError('no such table: t', 2);
  assert.equal(err.code, 'sql_statement_failed');
  assert.equal(err.index, 2);
  assert.equal(err.name, 'Error');
  assert.ok(isSqlStatementError(acrossThread(err)));
  assert.ok(!isSqlStatementError(new Error('no such table: t')));
});

test('a refused task transition carries its code from the one table and keeps its name', () => {
  for (const code of TASK_TRANSITION_CODES) {
    assert.ok(Object.hasOwn(ERROR_CODES, code), `${code} is in ERROR_CODES`);
    const err = new TaskTransitionError(code, 'refused');
    assert.equal(err.name, 'TaskTransitionError');
    assert.equal(err.status, 409);
    assert.ok(isTaskTransitionError(acrossThread(err)));
  }
  assert.ok(!isTaskTransitionError({ code: 'conflict', message: 'x' }));
});

test('an account API refusal carries api_refused from the one table, with its envelope code and status, after crossing a thread too', async () => {
  const { ApiError, fieldError, isApiError } = await import('../src/control/api-error.js');
  const err = fieldError('/body/name', 'name: expected a string');
  assert.equal(err.code, 'api_refused');
  assert.ok(Object.hasOwn(ERROR_CODES, err.code));
  assert.equal(err.status, 400);
  assert.deepEqual(err.errors, [{ code: 1001, message: 'name: expected a string', source: { pointer: '/body/name' } }]);
  assert.ok(isLedgeError(err) && isApiError(err));
  const missing = new ApiError('object_not_found', 'no deployment shop in this account');
  assert.deepEqual([missing.status, missing.errors[0]?.code], [404, 1005]);
  assert.ok(isApiError(acrossThread(missing)), 'recognised by code once cloned');
  assert.ok(!isApiError({ code: 'api_refused', message: 'x' }), 'the code alone, without the envelope errors, is not enough to answer with');
  assert.ok(!isApiError(new Error('x')));
});
