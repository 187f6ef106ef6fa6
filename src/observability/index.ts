export { openAccountObservability, type AccountObservability } from './account.js';
export { createVersionObserver } from './observer.js';
export { createRecordWriter, type RecordWriter } from './record-writer.js';
export { parseFilter, matchesFilter, type RecordFilter } from './filter.js';
export { tailStream } from './live.js';
export type { InvocationRecord, Outcome } from './record.js';
export type { IssueRecord, IssueStatus, OccurrenceRecord } from '../storage/observability.js';
