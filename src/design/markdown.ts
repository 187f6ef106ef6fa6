// DESIGN-RECORD.md: the record as a person reads and completes it, read back to compare it with the
// configuration. Derived rows must say what the configuration says; a "to decide" row may hold a person's
// answer; a row the configuration no longer has, or one it has that the file lacks, is a difference.
import { DESIGN_CONCERNS, TO_DECIDE, type DesignConcern, type DesignDecision, type DesignRecord } from './derive.js';

/** The file a project commits beside its ledge.jsonc. */
export const DESIGN_RECORD_FILE = 'DESIGN-RECORD.md';

const TITLE: Record<DesignConcern, string> = { entry: 'Entry', identity: 'Identity', data: 'Data', execution: 'Execution', recovery: 'Recovery' };
const NO_BLOCKS = 'none declared in ledge.jsonc';
const TOP_LEVEL = 'top level';

/** The record as Markdown: a section per concern with its blocks and a table of decisions. */
export function toMarkdown(record: DesignRecord): string {
  const lines = [
    `# Design record: ${record.project}`,
    '',
    `Environment: ${record.environment ?? TOP_LEVEL}`,
    '',
    'Derived by `ledge design` from ledge.jsonc (SPEC: What the service does 3). Replace each "to decide" with',
    'the decision and its reason; `ledge design --write` keeps those answers, and `tools/check.py` fails when a',
    'derived row no longer says what the configuration says. Notes go below the tables, not in them.',
  ];
  for (const concern of record.concerns) {
    lines.push('', `## ${TITLE[concern.concern]}`, '', `Blocks: ${concern.blocks.length ? concern.blocks.join(', ') : NO_BLOCKS}`, '', '| Decision | Value | From |', '|---|---|---|');
    for (const d of concern.decisions) lines.push(`| ${cell(d.subject)} | ${cell(d.value ?? TO_DECIDE)} | ${cell(d.source)} |`);
  }
  return `${lines.join('\n')}\n`;
}

/** A record read back from Markdown: decisions keep what the file says (`value` as written, "to decide" included). */
export interface WrittenRecord {
  project: string | null;
  environment: string | null | undefined;
  concerns: Map<DesignConcern, { blocks: string[] | null; decisions: DesignDecision[] }>;
}

/** Reads DESIGN-RECORD.md; text outside the header, the blocks lines and the tables is left alone. */
export function parseMarkdown(text: string): WrittenRecord {
  const record: WrittenRecord = { project: null, environment: undefined, concerns: new Map() };
  let current: { blocks: string[] | null; decisions: DesignDecision[] } | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const title = /^# Design record: (.+)$/.exec(line);
    if (title) { record.project = title[1]?.trim() ?? null; continue; }
    const environment = /^Environment: (.+)$/.exec(line);
    if (environment && record.environment === undefined) { const name = environment[1]?.trim() ?? ''; record.environment = name === TOP_LEVEL ? null : name; continue; }
    const heading = /^## (.+)$/.exec(line);
    if (heading) {
      const concern = DESIGN_CONCERNS.find((c) => TITLE[c] === heading[1]?.trim());
      current = concern === undefined ? undefined : { blocks: null, decisions: [] };
      if (concern !== undefined && current) record.concerns.set(concern, current);
      continue;
    }
    if (!current) continue;
    const blocks = /^Blocks: (.*)$/.exec(line);
    if (blocks) { const list = blocks[1]?.trim() ?? ''; current.blocks = list === NO_BLOCKS || list === '' ? [] : list.split(',').map((b) => b.trim()); continue; }
    if (!line.startsWith('|')) continue;
    const cells = splitRow(line);
    if (cells.length < 3 || /^-+$/.test(cells[0]?.replace(/:/g, '') ?? '') || cells[0] === 'Decision') continue;
    current.decisions.push({ subject: cells[0] as string, value: cells[1] as string, source: cells[2] as string });
  }
  return record;
}

/** Where the written record no longer matches the derived one, one line each; empty when it matches. */
export function compareRecords(derived: DesignRecord, written: WrittenRecord): string[] {
  const differences: string[] = [];
  if (written.project !== derived.project) differences.push(`the title names project ${JSON.stringify(written.project)}, the configuration's is "${derived.project}"`);
  if (written.environment !== derived.environment) differences.push(`the record is for ${label(written.environment)}, the configuration was read for ${label(derived.environment)}`);
  for (const concern of derived.concerns) {
    const section = written.concerns.get(concern.concern);
    const name = TITLE[concern.concern];
    if (!section) { differences.push(`${name}: the section is missing`); continue; }
    if (section.blocks === null || section.blocks.join(', ') !== concern.blocks.join(', ')) {
      differences.push(`${name}: blocks are "${section.blocks?.join(', ') ?? ''}", the configuration gives "${concern.blocks.join(', ') || NO_BLOCKS}"`);
    }
    const rows = new Map<string, DesignDecision>();
    for (const row of section.decisions) {
      if (rows.has(row.subject)) differences.push(`${name}: "${row.subject}" is recorded twice`);
      rows.set(row.subject, row);
    }
    for (const decision of concern.decisions) {
      const row = rows.get(decision.subject);
      rows.delete(decision.subject);
      if (!row) differences.push(`${name}: "${decision.subject}" is missing (${decision.value === null ? TO_DECIDE : `the configuration says "${decision.value}"`})`);
      else if (decision.value !== null && row.value !== decision.value) differences.push(`${name}: "${decision.subject}" is recorded as "${row.value}", the configuration says "${decision.value}"`);
    }
    for (const subject of rows.keys()) differences.push(`${name}: "${subject}" is recorded, but the configuration no longer has it`);
  }
  return differences;
}

/** The derived record with the answers a person wrote for its "to decide" rows (value and source kept). */
export function withAnswers(derived: DesignRecord, written: WrittenRecord | null): DesignRecord {
  if (!written) return derived;
  return {
    ...derived,
    concerns: derived.concerns.map((concern) => {
      const rows = new Map((written.concerns.get(concern.concern)?.decisions ?? []).map((d) => [d.subject, d]));
      return {
        ...concern,
        decisions: concern.decisions.map((decision) => {
          const answer = rows.get(decision.subject);
          return decision.value === null && answer?.value && answer.value !== TO_DECIDE ? { ...decision, value: answer.value, source: answer.source } : decision;
        }),
      };
    }),
  };
}

/** How many decisions are still "to decide" in a written record. */
export function openDecisions(written: WrittenRecord): number {
  return [...written.concerns.values()].reduce((n, c) => n + c.decisions.filter((d) => d.value === TO_DECIDE || d.value === '').length, 0);
}

function label(environment: string | null | undefined): string {
  return environment === undefined ? 'no environment (the "Environment:" line is missing)' : environment === null ? 'the top level' : `environment "${environment}"`;
}

/** A table cell: pipes escaped, line breaks folded. */
function cell(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

/** The cells of a table row, with escapes undone. */
function splitRow(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  for (let i = 1; i < line.length; i++) {
    const c = line[i] as string;
    if (c === '\\' && i + 1 < line.length) { current += line[++i]; continue; }
    if (c === '|') { cells.push(current.trim()); current = ''; continue; }
    current += c;
  }
  if (current.trim() !== '') cells.push(current.trim());
  return cells;
}
