import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createScanner, parse as parseJsonc, printParseErrorCode, visit as visitJsonc, type ParseError, type SyntaxKind } from 'jsonc-parser';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import { sectionEntries } from '../bindings/plugin.js';
import type { Migration } from '../bindings/coordination/schema.js';
import { LedgeError } from '../platform/errors.js';
import { SYSTEM_CLOCK, utcDate, type Clock } from '../platform/clock.js';
import { configSchemaFor, NON_INHERITABLE_KEYS, type RawAssets, type RawBuild, type RawConfig, type RawEnvironment, type RawModuleRule, type Route } from './schema.js';
import { formatIssue, formatPath } from './issues.js';
import { DEFAULT_LIMITS, type Limits } from '../runtime/limits.js';
import { cronProblem } from './cron-expression.js';
import { isOriginalConfigFile, ORIGINAL_CONFIG_FILE_NAMES, parseOriginalToml, PROTOTYPE_KEY_PROBLEM } from './original/read.js';
import { translateOriginal, type Translation } from './original/translate.js';
import { finishOriginalLoad } from './original/load.js';
import { unknownKeyHelp } from './original/keys.js';
import { notYetImplemented } from './unimplemented.js';
import { applicationFiles } from './project-files.js';

/** Deepest nesting of objects and arrays a configuration file may have (docs/configuration.md). */
export const CONFIG_MAX_DEPTH = 64;

/** File names searched for in a project directory, in order. */
export const CONFIG_FILE_NAMES = ['ledge.jsonc', 'ledge.json'] as const;

// The runtime enforces the limits, so it owns their shape; configuration fills them in.
export { DEFAULT_LIMITS, type Limits } from '../runtime/limits.js';

/** One project's configuration for one environment, validated, with defaults applied, frozen. */
export interface ProjectConfig {
  /** Absolute path of the configuration file. */
  readonly file: string;
  /** Absolute path of the project directory. */
  readonly dir: string;
  /** The selected environment, or undefined for the top level. */
  readonly environment: string | undefined;
  readonly name: string;
  /** The account platform commands act on, if the file names one. */
  readonly account_id: string | undefined;
  /** Absolute path of the entry module; undefined for a project of static assets only. */
  readonly main: string | undefined;
  readonly compatibility_date: string;
  readonly compatibility_flags: readonly string[];
  readonly edge_dev: boolean;
  readonly preview_urls: boolean;
  readonly routes: readonly Route[];
  readonly vars: Readonly<Record<string, unknown>>;
  readonly limits: Readonly<Limits>;
  readonly observability: Readonly<NonNullable<RawConfig['observability']>>;
  readonly triggers: { readonly crons: readonly string[]; readonly catch_up: 'latest' | 'none' };
  /** Binding entries by configuration key (e.g. `kv_namespaces`; for `queues`, its producers). */
  readonly bindings: Readonly<Record<string, readonly { binding: string }[]>>;
  /** Each binding kind's section as written, by configuration key (queue consumers live in theirs). */
  readonly sections: Readonly<Record<string, unknown>>;
  /** Module rules (`rules`), applied before the defaults. */
  readonly rules: readonly RawModuleRule[];
  /** The project's own build (`build`), or undefined when there is no command. */
  readonly build: ProjectBuild | undefined;
  /** Static assets (`assets`) with the directory resolved and defaults applied, or undefined. */
  readonly assets: ProjectAssets | undefined;
  /** Coordination-object migrations (`migrations`), in order. */
  readonly migrations: readonly Migration[];
}

/** The `assets` section with its directory resolved and its defaults applied (docs/assets.md). */
export interface ProjectAssets {
  /** Absolute directory of the files. */
  readonly directory: string;
  readonly binding: string | undefined;
  readonly not_found_handling: NonNullable<RawAssets['not_found_handling']>;
  readonly html_handling: NonNullable<RawAssets['html_handling']>;
  readonly run_worker_first: boolean | readonly string[];
}

/** The project's own build with its directories resolved. */
export interface ProjectBuild {
  readonly command: string;
  /** Absolute directory the command runs in. */
  readonly cwd: string;
  /** Absolute directories `ledge dev` watches to run the command again. */
  readonly watchDirs: readonly string[];
}

/** The outcome of loading: the configuration and the warnings a person should see. */
export interface LoadedConfig {
  config: ProjectConfig;
  warnings: string[];
  /** Set when the file read was the original platform's: say it once (which file, what was renamed or left out). */
  notice?: string;
}

/** Flags Ledge understands; others are accepted with a warning. */
export const KNOWN_COMPATIBILITY_FLAGS: readonly string[] = ['nodejs_compat', 'enable_request_signal'];

/**
 * Finds the configuration file of the project in `dir`: `ledge.jsonc` (or `ledge.json`), else the original
 * platform's `wrangler.json`, `wrangler.jsonc` or `wrangler.toml`, read as the equivalent ledge.jsonc.
 */
export function findConfigFile(dir: string): string {
  for (const name of [...CONFIG_FILE_NAMES, ...ORIGINAL_CONFIG_FILE_NAMES]) {
    const file = path.resolve(dir, name);
    if (existsSync(file)) return file;
  }
  const holds = applicationFiles(path.resolve(dir));
  const hint = holds.length
    ? `it holds an application (${holds.join(', ')}): write its ledge.jsonc (docs/configuration.md)`
    : 'run "ledge init" to create one';
  throw new LedgeError('config_not_found', `no ledge.jsonc (nor ${ORIGINAL_CONFIG_FILE_NAMES.join(', ')}) in ${path.resolve(dir)}; ${hint}`);
}

/** Reads, validates and resolves a project's configuration for one environment. Throws `config_*` errors naming the file, the path and the rule. */
export function loadConfig(file: string, options: { env?: string | undefined; clock?: Clock; cwd?: string; bindings?: BindingRegistry } = {}): LoadedConfig {
  const label = path.relative(options.cwd ?? process.cwd(), file) || path.basename(file);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new LedgeError('config_not_found', `${label}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  if (isOriginalConfigFile(file)) return loadOriginal(file, text, label, options);
  const doc = parseDocument(text, label);
  return validateConfig(doc, { ...options, file, label });
}

/** Loads the original platform's file as the equivalent ledge.jsonc; the result also carries the translation (`ledge config import` writes it). */
function loadOriginal(file: string, text: string, label: string, options: { env?: string | undefined; clock?: Clock; bindings?: BindingRegistry }): LoadedConfig & { notice: string; translation: Translation } {
  const source = file.endsWith('.toml') ? parseOriginalToml(text, label) : parseDocument(text, label) as Record<string, unknown>;
  // Comments name the file as the written ledge.jsonc beside it sees it.
  const translation = translateOriginal(source, { label: path.basename(file), dirName: path.basename(path.dirname(file)) });
  return { ...finishOriginalLoad(translation, label, () => validateConfig(translation.doc, { ...options, file, label })), translation };
}

/** Reads and checks one of the original platform's files (every environment, as `ledge.jsonc` would be), for `ledge config import`. */
export function loadOriginalConfig(file: string, options: { clock?: Clock; cwd?: string } = {}): LoadedConfig & { notice: string; translation: Translation; label: string } {
  const label = path.relative(options.cwd ?? process.cwd(), file) || path.basename(file);
  if (!isOriginalConfigFile(file)) throw new LedgeError('bad_argument', `${label} is not a wrangler.json, wrangler.jsonc or wrangler.toml file`);
  return { ...loadOriginal(file, readFileSync(file, 'utf8'), label, options), label };
}

/** Validates an already parsed document; `label` names it in messages. */
export function validateConfig(
  doc: unknown,
  options: { file: string; label?: string; env?: string | undefined; clock?: Clock; bindings?: BindingRegistry },
): LoadedConfig {
  const label = options.label ?? path.basename(options.file);
  const registry = options.bindings ?? BINDINGS;
  const warnings: string[] = [];
  const raw = parseSchema(doc, label, registry);
  const problems: string[] = [];
  const today = utcDate(options.clock ?? SYSTEM_CLOCK);

  const sections: [string, RawConfig | RawEnvironment][] = [['', raw], ...Object.entries(raw.env ?? {}).map(([n, e]) => [`env.${n}`, e] as [string, RawEnvironment])];
  for (const [where, section] of sections) {
    const found = checkSection(section, where, today, registry);
    problems.push(...found.problems);
    warnings.push(...found.warnings.map((w) => `${label}: ${w}`));
    if (where) {
      for (const key of NON_INHERITABLE_KEYS) {
        if ((raw as Record<string, unknown>)[key] !== undefined && (section as Record<string, unknown>)[key] === undefined) {
          warnings.push(`${label}: "${key}" exists at the top level, but not on "${where}". Environments do not inherit "${key}"; add it to "${where}" if that environment needs it.`);
        }
      }
    }
  }
  problems.push(...sharedResources(raw, registry));

  const envName = options.env;
  let section: RawEnvironment = {};
  if (envName !== undefined) {
    const found = raw.env?.[envName];
    if (!found) {
      const names = Object.keys(raw.env ?? {});
      throw new LedgeError('env_not_found', `${label}: no environment "${envName}" (env.${envName}); ${names.length ? `configured environments: ${names.join(', ')}` : 'the file defines no environments'}`);
    }
    section = found;
  }

  const dir = path.dirname(options.file);
  const mainAsWritten = section.main ?? raw.main;
  const main = mainAsWritten === undefined ? undefined : path.resolve(dir, mainAsWritten);
  // A project with its own build may produce its entry only when that build runs (checked again after it).
  if (main !== undefined && !existsSync(main) && (section.build ?? raw.build)?.command === undefined) problems.push(`${envName && section.main ? `env.${envName}.main` : 'main'}: file "${mainAsWritten}" not found (looked for ${main})`);
  // Only a project of static assets may go without an entry module (docs/assets.md).
  if (main === undefined && (section.assets ?? raw.assets) === undefined) problems.push('main: missing; set "main" to the entry module, or "assets" for a project of static files only');
  if (problems.length) throw configError(label, problems);

  const pick = <K extends keyof RawEnvironment>(key: K) => (envName === undefined ? raw[key] : section[key]);
  const inherit = <K extends keyof RawEnvironment>(key: K) => section[key] ?? raw[key];
  const { bindings, sections: bindingSections } = bindingsOf((envName === undefined ? raw : section) as Record<string, unknown>, registry);
  const config: ProjectConfig = {
    file: options.file,
    dir,
    environment: envName,
    name: section.name ?? (envName === undefined ? raw.name : `${raw.name}-${envName}`),
    account_id: inherit('account_id'),
    main,
    compatibility_date: inherit('compatibility_date') ?? raw.compatibility_date,
    compatibility_flags: inherit('compatibility_flags') ?? [],
    edge_dev: inherit('edge_dev') ?? false,
    preview_urls: inherit('preview_urls') ?? false,
    routes: inherit('routes') ?? [],
    vars: pick('vars') ?? {},
    limits: { ...DEFAULT_LIMITS, ...raw.limits, ...section.limits },
    observability: inherit('observability') ?? {},
    triggers: { crons: inherit('triggers')?.crons ?? [], catch_up: inherit('triggers')?.catch_up ?? 'latest' },
    bindings,
    sections: bindingSections,
    rules: inherit('rules') ?? [],
    build: resolveBuild(inherit('build'), dir),
    assets: resolveAssets(inherit('assets'), dir),
    migrations: inherit('migrations') ?? [],
  };
  return { config: deepFreeze(config), warnings };
}

function resolveAssets(assets: RawAssets | undefined, dir: string): ProjectAssets | undefined {
  if (assets === undefined) return undefined;
  return {
    directory: path.resolve(dir, assets.directory),
    binding: assets.binding,
    not_found_handling: assets.not_found_handling ?? 'none',
    html_handling: assets.html_handling ?? 'auto-trailing-slash',
    run_worker_first: assets.run_worker_first ?? false,
  };
}

function resolveBuild(build: RawBuild | undefined, dir: string): ProjectBuild | undefined {
  if (build?.command === undefined) return undefined;
  const watch = build.watch_dir ?? './src';
  return { command: build.command, cwd: path.resolve(dir, build.cwd ?? '.'), watchDirs: (Array.isArray(watch) ? watch : [watch]).map((d) => path.resolve(dir, d)) };
}

/**
 * What one section (the top level, or `env.<name>` as `where`) breaks beyond its schema: a future
 * compatibility date, duplicate names, each binding kind's own rules, cron expressions. Warnings name
 * unknown compatibility flags and what the binding kinds warn about.
 */
export function checkSection(section: RawEnvironment, where: string, today: string, registry: BindingRegistry = BINDINGS): { problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const at = (key: string) => (where ? `${where}.${key}` : key);
  if (section.compatibility_date !== undefined && section.compatibility_date > today) {
    problems.push(`${at('compatibility_date')}: "${section.compatibility_date}" is in the future (today is ${today} UTC); use a date on or before today`);
  }
  for (const [i, flag] of (section.compatibility_flags ?? []).entries()) {
    if (!KNOWN_COMPATIBILITY_FLAGS.includes(flag)) warnings.push(`${at(`compatibility_flags[${i}]`)}: flag "${flag}" is not supported by Ledge and has no effect (supported: ${KNOWN_COMPATIBILITY_FLAGS.join(', ')})`);
  }
  problems.push(...duplicateNames(section, where, registry));
  problems.push(...notYetImplemented(section, where ? `${where}.` : ''));
  for (const plugin of registry) {
    const value = (section as Record<string, unknown>)[plugin.configKey];
    if (value === undefined || !plugin.check) continue;
    const found = plugin.check(value, at(`${plugin.configKey}.`));
    problems.push(...found.problems);
    warnings.push(...found.warnings);
  }
  for (const [i, expression] of (section.triggers?.crons ?? []).entries()) {
    const problem = cronProblem(expression);
    if (problem) problems.push(`${at(`triggers.crons[${i}]`)}: ${problem}`);
  }
  return { problems, warnings };
}

/** The binding entries of a section by configuration key, and each kind's section as written. */
export function bindingsOf(section: Record<string, unknown>, registry: BindingRegistry = BINDINGS): { bindings: Record<string, { binding: string }[]>; sections: Record<string, unknown> } {
  const bindings: Record<string, { binding: string }[]> = {};
  const sections: Record<string, unknown> = {};
  for (const plugin of registry) {
    sections[plugin.configKey] = section[plugin.configKey];
    bindings[plugin.configKey] = sectionEntries(plugin, section[plugin.configKey]).map((e) => e.entry);
  }
  return { bindings, sections };
}

function parseDocument(text: string, label: string): unknown {
  // The parser, validation and freezing all recurse: a file nested thousands deep would overflow the stack.
  const tooDeep = nestingPastLimit(text, CONFIG_MAX_DEPTH);
  if (tooDeep !== -1) {
    const { line, column } = lineAndColumn(text, tooDeep);
    throw new LedgeError('config_invalid', `${label}:${line}:${column}: objects and arrays nest more than ${CONFIG_MAX_DEPTH} levels deep here; Ledge reads configuration at most ${CONFIG_MAX_DEPTH} levels deep`);
  }
  const errors: ParseError[] = [];
  const doc: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length) {
    const lines = errors.slice(0, 5).map((e) => {
      const { line, column } = lineAndColumn(text, e.offset);
      return `${label}:${line}:${column}: ${printParseErrorCode(e.error)}`;
    });
    throw new LedgeError('config_parse', `${label} is not valid JSON with comments:\n  ${lines.join('\n  ')}`);
  }
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) throw new LedgeError('config_invalid', `${label}: expected an object at the top level`);
  const prototypeKey = prototypeKeyOffset(text);
  if (prototypeKey !== -1) {
    const { line, column } = lineAndColumn(text, prototypeKey);
    throw new LedgeError('config_invalid', `${label}:${line}:${column}: ${PROTOTYPE_KEY_PROBLEM}`);
  }
  return doc;
}

/** The offset of the first `__proto__` key in a JSON-with-comments text, or -1. */
function prototypeKeyOffset(text: string): number {
  let found = -1;
  visitJsonc(text, { onObjectProperty(property, offset) { if (found === -1 && property === '__proto__') found = offset; } }, { allowTrailingComma: true, disallowComments: false });
  return found;
}

/**
 * Validates against the schema. A key the schema does not know is an error naming it and what is missing
 * (issue 14: never a warning and a failing first request); the other problems are reported with it.
 */
function parseSchema(doc: unknown, label: string, registry: BindingRegistry): RawConfig {
  const schema = configSchemaFor(registry);
  const working = structuredClone(doc);
  let result = schema.safeParse(working);
  if (result.success) return result.data;
  const unsupported: string[] = [];
  for (const issue of result.error.issues) {
    if (issue.code !== 'unrecognized_keys') continue;
    // Sections (the top level and each environment) get the help about the original platform's keys.
    const isSection = issue.path.length === 0 || (issue.path.length === 2 && issue.path[0] === 'env');
    for (const key of issue.keys) {
      unsupported.push(`${formatPath([...issue.path, key])}: ${isSection ? unknownKeyHelp(key) : 'Ledge has no such setting; remove it or check its spelling'}`);
      const parent = issue.path.reduce<unknown>((cur, k) => (cur as Record<PropertyKey, unknown>)[k], working) as Record<string, unknown>;
      // The key comes from zod's report of this very object; removing it lets the rest be checked too.
      // eslint-disable-next-line @typescript-eslint/no-dynamic-delete
      delete parent[key];
    }
  }
  if (unsupported.length) result = schema.safeParse(working);
  if (result.success && unsupported.length === 0) return result.data;
  const problems = [...unsupported, ...(result.success ? [] : result.error.issues.map((issue) => formatIssue(issue, working)))];
  throw configError(label, problems, unsupported.length ? 'config_unsupported' : 'config_invalid');
}

function configError(label: string, problems: string[], code: 'config_invalid' | 'config_unsupported' = 'config_invalid'): LedgeError {
  return new LedgeError(code, problems.map((p) => `${label}: ${p}`).join('\n'));
}

function duplicateNames(section: RawEnvironment, where: string, registry: BindingRegistry): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  const note = (name: string, place: string) => {
    const earlier = seen.get(name);
    if (earlier) problems.push(`${place}: the name "${name}" is already used by ${earlier}; each binding and var needs its own name`);
    else seen.set(name, place);
  };
  const prefix = where ? `${where}.` : '';
  for (const name of Object.keys(section.vars ?? {})) note(name, `${prefix}vars.${name}`);
  if (section.assets?.binding !== undefined) note(section.assets.binding, `${prefix}assets.binding`);
  for (const plugin of registry) {
    for (const { entry, path: where } of sectionEntries(plugin, (section as Record<string, unknown>)[plugin.configKey])) {
      note(entry.binding, `${prefix}${plugin.configKey}${where}`);
    }
  }
  return problems;
}

/** SPEC, Authentication 4: a binding named DB in test and production must point at different targets. */
function sharedResources(raw: RawConfig, registry: BindingRegistry): string[] {
  const problems: string[] = [];
  const sections: [string, RawEnvironment][] = [['the top level', raw], ...Object.entries(raw.env ?? {}).map(([n, e]) => [`env.${n}`, e] as [string, RawEnvironment])];
  for (const plugin of registry) {
    const owners = new Map<string, string>();
    for (const [where, section] of sections) {
      for (const { entry, path: at } of sectionEntries(plugin, (section as Record<string, unknown>)[plugin.configKey])) {
        const key = `${entry.binding}\u0000${plugin.resourceId(entry)}`;
        const place = `${where === 'the top level' ? '' : `${where}.`}${plugin.configKey}${at}`;
        const earlier = owners.get(key);
        if (earlier) {
          problems.push(`${place}: binding "${entry.binding}" points at the same ${plugin.kind} resource "${plugin.resourceId(entry)}" as ${earlier}; each environment must bind its own resource`);
        } else owners.set(key, place);
      }
    }
  }
  return problems;
}

// jsonc-parser's SyntaxKind is a const enum, which verbatimModuleSyntax cannot read at run time: its values, typed by it.
const OPEN_BRACE = 1 as SyntaxKind.OpenBraceToken;
const CLOSE_BRACE = 2 as SyntaxKind.CloseBraceToken;
const OPEN_BRACKET = 3 as SyntaxKind.OpenBracketToken;
const CLOSE_BRACKET = 4 as SyntaxKind.CloseBracketToken;
const EOF = 17 as SyntaxKind.EOF;

/** The offset where objects and arrays nest past `limit`, or -1; the scanner skips strings and comments, in a loop. */
function nestingPastLimit(text: string, limit: number): number {
  const scanner = createScanner(text, true);
  let depth = 0;
  for (let kind = scanner.scan(); kind !== EOF; kind = scanner.scan()) {
    if (kind === OPEN_BRACE || kind === OPEN_BRACKET) {
      if (++depth > limit) return scanner.getTokenOffset();
    } else if (kind === CLOSE_BRACE || kind === CLOSE_BRACKET) {
      depth--;
    }
  }
  return -1;
}

function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Freezes a value and everything inside it. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
