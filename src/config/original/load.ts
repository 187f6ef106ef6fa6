import { isLedgeError, LedgeError, type ErrorCode } from '../../platform/errors.js';
import type { Translation } from './translate.js';
import { toOriginalNames } from './keys.js';

/**
 * Finishes loading a translated file: the keys Ledge cannot honour and the problems `validate` finds are
 * reported together, in the file's own names; on success the result carries the notice a command prints
 * once (which file was read, what was renamed, what was left out and why).
 */
export function finishOriginalLoad<T extends { warnings: string[] }>(translation: Translation, label: string, validate: () => T): T & { notice: string } {
  const problems = translation.problems.map((p) => `${label}: ${p}`);
  let code: ErrorCode | undefined = problems.length ? 'config_unsupported' : undefined;
  let loaded: T | undefined;
  try {
    loaded = validate();
  } catch (err) {
    if (!isLedgeError(err)) throw err;
    if (err.code !== 'config_invalid' && err.code !== 'config_unsupported') {
      if (problems.length === 0) throw new LedgeError(err.code, toOriginalNames(err.message));
    } else {
      problems.push(...toOriginalNames(err.message).split('\n'));
      code ??= err.code;
    }
  }
  if (problems.length || loaded === undefined) throw new LedgeError(code ?? 'config_invalid', problems.join('\n'));
  return { ...loaded, warnings: loaded.warnings.map(toOriginalNames), notice: noticeOf(translation, label) };
}

function noticeOf(translation: Translation, label: string): string {
  const renamed = translation.renamed.length ? ` (${translation.renamed.join(', ')})` : '';
  const lines = [`read ${label}, the original platform's configuration, as there is no ledge.jsonc${renamed}; "ledge config import" writes the equivalent ledge.jsonc`];
  // Its own $schema is not worth a line every time the file is read.
  for (const dropped of translation.dropped) if (!dropped.startsWith('$schema:')) lines.push(`  left out ${dropped}`);
  return lines.join('\n');
}
