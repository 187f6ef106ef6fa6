// Every state × trigger pair either moves as the reference says or is refused with a clear error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TASK_STATES, TaskTransitionError, transition, type Task, type TaskState, type TaskTrigger } from './model.js';

const NOW = 1_000_000;
const base = (state: TaskState, extra: Partial<Task> = {}): Task => ({ id: 't', state, generation: 3, attempts: 1, leaseUntil: state === 'running' ? NOW + 1000 : null, notBefore: null, ...extra });

const TRIGGERS: Record<string, TaskTrigger> = {
  claim: { type: 'claim', now: NOW, leaseMs: 30_000 },
  complete: { type: 'complete', generation: 3 },
  fail: { type: 'fail', generation: 3, now: NOW, retryable: true },
  outcome_unknown: { type: 'outcome_unknown', generation: 3 },
  recover_idempotent: { type: 'recover', now: NOW + 2000, idempotent: true },
  recover_effectful: { type: 'recover', now: NOW + 2000, idempotent: false },
  reconcile_done: { type: 'reconcile', outcome: 'done', now: NOW },
  cancel: { type: 'cancel' },
};

/** The moves the model allows: [from, trigger] -> to. Everything else must be refused. */
const ALLOWED: Record<string, TaskState> = {
  'pending claim': 'running', 'retryable claim': 'running',
  'running complete': 'done', 'running fail': 'retryable', 'running outcome_unknown': 'uncertain',
  'running recover_idempotent': 'retryable', 'running recover_effectful': 'uncertain',
  'uncertain reconcile_done': 'done',
  'pending cancel': 'cancelled', 'running cancel': 'cancelled', 'retryable cancel': 'cancelled',
};

for (const state of TASK_STATES) {
  for (const [name, trigger] of Object.entries(TRIGGERS)) {
    const expected = ALLOWED[`${state} ${name}`];
    test(`${state} + ${name} ${expected ? `-> ${expected}` : 'is refused'}`, () => {
      if (expected) {
        const next = transition(base(state), trigger);
        assert.equal(next.state, expected);
        if (['claim', 'recover_idempotent', 'recover_effectful', 'reconcile_done', 'cancel'].includes(name)) assert.ok(next.generation > 3, 'the generation moves on');
        if (name === 'complete' || name === 'fail' || name === 'outcome_unknown') assert.equal(next.generation, 3);
      } else {
        assert.throws(() => transition(base(state), trigger), (err: TaskTransitionError) => err instanceof TaskTransitionError && err.message.includes(`refused in state ${state}`));
      }
    });
  }
}

test('a claim gives a new generation and a lease; generations only increase', () => {
  let task = base('pending', { generation: 0, attempts: 0 });
  const seen = new Set<number>();
  for (let i = 0; i < 4; i++) {
    task = transition(task, { type: 'claim', now: NOW, leaseMs: 5000 });
    assert.ok(!seen.has(task.generation));
    seen.add(task.generation);
    assert.equal(task.leaseUntil, NOW + 5000);
    task = transition(task, { type: 'fail', generation: task.generation, now: NOW - 10_000_000, retryable: true });
  }
});

test('a late executor holding an old generation cannot commit over a newer one (rule 1)', () => {
  const running = base('running');
  const takenOver = transition(running, { type: 'recover', now: NOW + 5000, idempotent: true });
  const reclaimed = transition(takenOver, { type: 'claim', now: takenOver.notBefore as number, leaseMs: 1000 });
  assert.throws(() => transition(reclaimed, { type: 'complete', generation: 3 }), (err: TaskTransitionError) => err.code === 'stale_generation');
  assert.equal(transition(reclaimed, { type: 'complete', generation: reclaimed.generation }).state, 'done');
});

test('lease expiry only permits recovery; before it, recovery is refused (rule 2)', () => {
  assert.throws(() => transition(base('running'), { type: 'recover', now: NOW, idempotent: true }), (err: TaskTransitionError) => err.code === 'lease_valid');
  assert.equal(transition(base('running'), { type: 'recover', now: NOW + 1000, idempotent: false }).state, 'uncertain', 'a non-idempotent effect may have happened: never assume it did not');
});

test('retries back off exponentially and stop at the budget', () => {
  let task = base('pending', { generation: 0, attempts: 0 });
  const budget = { maxAttempts: 3, baseMs: 100, maxDelayMs: 250 };
  const delays: number[] = [];
  for (let i = 0; i < 3; i++) {
    task = transition(task, { type: 'claim', now: task.notBefore ?? 0, leaseMs: 10 }, budget);
    task = transition(task, { type: 'fail', generation: task.generation, now: 0, retryable: true }, budget);
    delays.push(task.notBefore as number);
  }
  assert.deepEqual(delays, [100, 200, 250]);
  assert.throws(() => transition(task, { type: 'claim', now: 1e9, leaseMs: 10 }, budget), (err: TaskTransitionError) => err.code === 'budget_exhausted');
  assert.throws(() => transition(base('retryable', { notBefore: NOW + 1 }), { type: 'claim', now: NOW, leaseMs: 1 }), (err: TaskTransitionError) => err.code === 'not_yet');
});

test('cancelled never reports completion, and uncertain never becomes done without reconciliation (rules 3 and 4)', () => {
  const cancelled = transition(base('running'), { type: 'cancel' });
  assert.throws(() => transition(cancelled, { type: 'complete', generation: cancelled.generation }), TaskTransitionError);
  const uncertain = transition(base('running'), { type: 'outcome_unknown', generation: 3 });
  assert.throws(() => transition(uncertain, { type: 'claim', now: NOW, leaseMs: 1 }), TaskTransitionError, 'no blind retry');
  assert.throws(() => transition(uncertain, { type: 'complete', generation: uncertain.generation }), TaskTransitionError);
  assert.equal(transition(uncertain, { type: 'reconcile', outcome: 'retryable', now: NOW }).state, 'retryable');
});
