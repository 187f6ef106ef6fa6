// `ledge design`: the five-concern design record of a project (docs/design.md).
export { deriveDesignRecord, DESIGN_CONCERNS, TO_DECIDE } from './derive.js';
export type { ConcernRecord, DesignConcern, DesignDecision, DesignRecord } from './derive.js';
export { compareRecords, DESIGN_RECORD_FILE, openDecisions, parseMarkdown, toMarkdown, withAnswers } from './markdown.js';
export type { WrittenRecord } from './markdown.js';
