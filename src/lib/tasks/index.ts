export { TASK_STATES, DEFAULT_BUDGET, TaskTransitionError, TASK_TRANSITION_CODES, isTaskTransitionError, backoffMs, transition } from './model.js';
export type { Task, TaskState, TaskTrigger, RetryBudget } from './model.js';
export { createTaskStore } from './store.js';
export type { TaskStore, TaskRecord, Claim, OutboxMessage, OutboxRecord, SqlLike } from './store.js';
export { TASKS_SCHEMA_SQL } from './schema.js';
export { relayOutbox, runOnce } from './relay.js';
export type { RunOnceOutcome } from './relay.js';
