import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { LedgeError } from '../../platform/errors.js';
import { hostMatches, parseHostname, toMatchedHost } from './hostname.js';
import { describe, isMapping, mergeOriginRequest, parseOriginRequest, type OriginRequest } from './origin-request.js';
import { CATCH_ALL_SERVICE, parseService, type IngressService } from './service.js';

/** The file `ledge tunnel ingress validate` and the connector read when none is named. */
export const DEFAULT_INGRESS_FILE = 'ledge-tunnel.yaml';

/** One validated ingress rule, frozen. */
export interface IngressRule {
  /** The hostname as written; undefined when the rule has none (only the last rule may). */
  readonly hostname: string | undefined;
  /** The hostname as matched: lowercase, ASCII, `*.` kept; undefined or `*` for any host. */
  readonly hostPattern: string | undefined;
  /** The path regular expression as written, if any. */
  readonly path: string | undefined;
  /** The compiled path expression; unanchored, like the reference's. */
  readonly pathPattern: RegExp | undefined;
  /** The service as written. */
  readonly serviceText: string;
  readonly service: IngressService;
  /** The file's `originRequest` defaults with the rule's own settings over them. */
  readonly originRequest: OriginRequest;
}

/** One reason a configuration is refused; `ruleNumber` is 1-based as in the message, null for the file as a whole. */
export interface IngressProblem {
  readonly ruleNumber: number | null;
  readonly message: string;
}

/** A loaded configuration: its rules when valid (empty when there is any problem), its problems and unused keys. */
export interface IngressConfig {
  /** The file's path as given, or the label of a text. */
  readonly source: string;
  readonly tunnel: string | undefined;
  readonly credentialsFile: string | undefined;
  readonly rules: readonly IngressRule[];
  readonly problems: readonly IngressProblem[];
  /** Keys Ledge does not use, e.g. `Rule #2: unknown key "hostnme"`; they never stop a configuration. */
  readonly warnings: readonly string[];
  /** Settings that work but carry a risk a person should weigh (a catch-all that is not `http_status:404`); they never stop a configuration. */
  readonly risks: readonly string[];
}

/** The rule a request goes to: its 0-based index in the list (the reference prints it as `Matched rule #<index>`). */
export interface IngressMatch {
  readonly index: number;
  readonly rule: IngressRule;
}

/** Where to read a configuration from: a file, or text already read (`label` names it in messages). */
export type IngressSource = { file: string } | { text: string; label?: string };

const TOP_LEVEL_KEYS: ReadonlySet<string> = new Set(['tunnel', 'credentials-file', 'originRequest', 'ingress']);
const RULE_KEYS: ReadonlySet<string> = new Set(['hostname', 'path', 'service', 'originRequest']);
const NO_RULES = "The config file doesn't contain any ingress rules";
const LAST_NOT_CATCH_ALL = 'The last ingress rule must match all URLs (i.e. it should not have a hostname or path filter)';
/** SPEC, Tunnel ingress configuration, word for word: quoted by every message about the last rule. */
const REFERENCE_CATCH_ALL = 'The last rule is a catch-all with only `service` set to `http_status:404`.';
const CORRECTED_CATCH_ALL = `- service: ${CATCH_ALL_SERVICE}`;

/** Reads and validates an ingress configuration (YAML, or JSON, which YAML reads too). A file that cannot be read throws `config_not_found`. */
export function loadIngress(source: IngressSource): IngressConfig {
  if ('text' in source) return parseIngress(source.text, source.label ?? 'the configuration');
  let text: string;
  try {
    text = readFileSync(source.file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    throw new LedgeError('config_not_found', code === 'ENOENT'
      ? `no tunnel configuration at ${source.file} (create one, or name the file; see docs/tunnels.md)`
      : `${source.file}: cannot read the file (${code ?? String(err)})`);
  }
  return parseIngress(text, source.file);
}

/** Parses configuration text; a syntax error is a problem of the file as a whole. */
export function parseIngress(text: string, source: string): IngressConfig {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) {
    // The parser's messages end with a quoted excerpt; the first line already names line and column.
    const problems = doc.errors.map((e) => ({ ruleNumber: null, message: `${source}: ${e.message.split('\n')[0]?.replace(/:$/, '')}` }));
    return freeze({ source, tunnel: undefined, credentialsFile: undefined, rules: [], problems, warnings: [], risks: [] });
  }
  return validateIngress(doc.toJS(), source);
}

/**
 * Validates a parsed configuration. Every problem is reported, not only the first; the messages are the
 * reference's (control-plane.md 4.2) where it has one, each naming its rule as `Rule #<1-based number>`.
 */
export function validateIngress(doc: unknown, source: string): IngressConfig {
  const problems: IngressProblem[] = [];
  const warnings: string[] = [];
  const risks: string[] = [];
  const fileProblem = (message: string) => problems.push({ ruleNumber: null, message });
  if (doc !== null && doc !== undefined && !isMapping(doc)) {
    fileProblem(`The configuration must be a mapping with an "ingress" list, got ${describe(doc)}`);
    return freeze({ source, tunnel: undefined, credentialsFile: undefined, rules: [], problems, warnings, risks: [] });
  }
  const top = doc ?? {};
  for (const key of Object.keys(top)) if (!TOP_LEVEL_KEYS.has(key)) warnings.push(`unknown key "${key}" at the top level`);
  const tunnel = optionalString(top, 'tunnel', fileProblem);
  const credentialsFile = optionalString(top, 'credentials-file', fileProblem);
  const defaults = parseOriginRequest(top.originRequest);
  problems.push(...defaults.problems.map((message) => ({ ruleNumber: null, message })));
  warnings.push(...defaults.unused.map((key) => `unknown key "${key}" at the top level`));

  const list = top.ingress;
  const rules: IngressRule[] = [];
  if (list === undefined || list === null || (Array.isArray(list) && list.length === 0)) fileProblem(NO_RULES);
  else if (!Array.isArray(list)) fileProblem(`"ingress" must be a list of rules, got ${describe(list)}`);
  else {
    list.forEach((raw: unknown, i) => {
      const found = validateRule(raw, i + 1, i === list.length - 1, defaults.value);
      problems.push(...found.problems.map((message) => ({ ruleNumber: i + 1, message })));
      warnings.push(...found.warnings);
      risks.push(...found.risks);
      if (found.rule) rules.push(found.rule);
    });
  }
  return freeze({ source, tunnel, credentialsFile, rules: problems.length > 0 ? [] : rules, problems, warnings, risks });
}

function validateRule(raw: unknown, n: number, last: boolean, defaults: OriginRequest): { rule?: IngressRule; problems: string[]; warnings: string[]; risks: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const risks: string[] = [];
  const problem = (message: string) => problems.push(`Rule #${n}: ${message}`);
  if (!isMapping(raw)) return { problems: [`Rule #${n} must be a mapping with hostname, path and service, got ${describe(raw)}`], warnings, risks };
  // The last rule's other keys are refused below, not merely reported as unused.
  if (!last) for (const key of Object.keys(raw)) if (!RULE_KEYS.has(key)) warnings.push(`Rule #${n}: unknown key "${key}"`);
  // An empty hostname or path is no filter, as in the reference.
  const hostname = optionalString(raw, 'hostname', problem) || undefined;
  const pathText = optionalString(raw, 'path', problem) || undefined;
  const serviceText = optionalString(raw, 'service', problem);

  let hostPattern = hostname;
  if (hostname !== undefined && hostname !== '*') {
    const parsed = parseHostname(hostname);
    if ('problem' in parsed) problem(parsed.problem);
    else hostPattern = parsed.pattern;
  }

  let pathPattern: RegExp | undefined;
  if (pathText !== undefined) {
    try {
      pathPattern = compilePath(pathText);
    } catch (err) {
      problems.push(`Rule #${n} has an invalid regex: ${(err as Error).message}`);
    }
  }

  // Where a rule may stand; skipped when a field has the wrong type, which is reported already.
  if (last) {
    const shape = lastRuleProblem(n, raw, hostname, pathText);
    if (shape) problems.push(shape);
  } else if (['hostname', 'path', 'service'].every((key) => absent(raw, key) || typeof raw[key] === 'string')) {
    const placement = placementProblem(n, hostname, pathText);
    if (placement) problems.push(placement);
  }

  let service: IngressService | undefined;
  if (serviceText !== undefined) {
    const parsed = parseService(serviceText);
    if ('problem' in parsed) problem(parsed.problem);
    else service = parsed.service;
    if (last && service && serviceText !== CATCH_ALL_SERVICE) risks.push(catchAllRisk(n, service, serviceText));
  } else if (absent(raw, 'service') && !last) {
    problem('service is required, e.g. "http://localhost:8080" or "http_status:403"');
  }

  const own = last ? undefined : parseOriginRequest(raw.originRequest);
  own?.problems.forEach(problem);
  warnings.push(...(own?.unused ?? []).map((key) => `Rule #${n}: unknown key "${key}"`));

  if (problems.length > 0 || service === undefined || serviceText === undefined) return { problems, warnings, risks };
  const rule: IngressRule = {
    hostname, hostPattern, path: pathText, pathPattern, serviceText, service,
    originRequest: mergeOriginRequest(defaults, own?.value ?? {}),
  };
  return { rule: Object.freeze(rule), problems, warnings, risks };
}

/**
 * SPEC (Tunnel ingress configuration): the last rule has only `service`. A hostname or path filter gets the
 * reference connector's message first (its documentation and search results still help); any other key,
 * even `hostname: "*"` or an `originRequest`, is refused the same way. Either way the message quotes the
 * reference and shows the rule as it should be written.
 */
function lastRuleProblem(n: number, raw: Record<string, unknown>, hostname: string | undefined, pathText: string | undefined): string | undefined {
  const others = Object.keys(raw).filter((key) => key !== 'service');
  const noService = absent(raw, 'service');
  if (others.length === 0 && !noService) return undefined;
  const filtered = (hostname !== undefined && hostname !== '*') || pathText !== undefined;
  if (filtered) return `Rule #${n}: ${LAST_NOT_CATCH_ALL}. ${REFERENCE_CATCH_ALL} Keep this rule above it and end the list with: ${CORRECTED_CATCH_ALL}`;
  const wrong = [others.length ? `also sets ${others.map((key) => `"${key}"`).join(', ')}` : '', noService ? 'has no service' : ''].filter(Boolean).join(' and ');
  return `Rule #${n}: ${REFERENCE_CATCH_ALL} This one ${wrong}; write it as: ${CORRECTED_CATCH_ALL}`;
}

/** What a catch-all other than `http_status:404` risks (SPEC: the fallback does not replace a firewall). */
function catchAllRisk(n: number, service: IngressService, serviceText: string): string {
  const effect = service.kind === 'http'
    ? `every request no other rule takes, for any hostname routed to this tunnel, reaches that origin, and a missing or mistyped rule no longer shows as a 404`
    : `a missing or mistyped rule hides behind that status instead of showing as a 404`;
  return `Rule #${n}: the catch-all's service is "${serviceText}", not ${CATCH_ALL_SERVICE} as the reference has it: ${effect}. The fallback is no firewall either: an origin also listening on a public port can be reached around the tunnel.`;
}

/** Every rule but the last needs a hostname, and none may match every hostname; the reference's test: no hostname (or "*") and no path. */
function placementProblem(n: number, hostname: string | undefined, pathText: string | undefined): string | undefined {
  // SPEC (Tunnel ingress configuration): a hostname is required on every rule except the last.
  if (hostname === undefined) return `Rule #${n} has no hostname: every rule except the last needs one, and only the last rule may match every hostname`;
  if (hostname === '*' && pathText === undefined) return `Rule #${n} is matching the hostname '${hostname}', but this will match every hostname, meaning the rules which follow it will never be triggered.`;
  return undefined;
}

/**
 * Compiles a rule's path. The reference's connector uses Go regular expressions; their common syntax is
 * the same in JavaScript, and Go's leading flag group (`(?i)`, `(?s)`, `(?m)`) is turned into flags.
 */
export function compilePath(text: string): RegExp {
  const flags = /^\(\?([ims]+)\)/.exec(text);
  return flags ? new RegExp(text.slice(flags[0].length), [...new Set(flags[1])].join('')) : new RegExp(text);
}

/**
 * The rule for a request, first match wins, top down; the last rule when none matches (control-plane.md
 * 4.2). `host` may carry a port; `path` is the request's decoded path. `rules` must be a validated, non-empty list.
 */
export function matchRule(rules: readonly IngressRule[], host: string, path: string): IngressMatch {
  const wanted = toMatchedHost(host);
  const index = rules.findIndex((r) => hostMatches(r.hostPattern, wanted) && (r.pathPattern === undefined || r.pathPattern.test(path)));
  const at = index === -1 ? rules.length - 1 : index;
  const rule = rules[at];
  if (rule === undefined) throw new Error('matchRule needs the rules of a valid configuration (at least the catch-all)');
  return { index: at, rule };
}

/** matchRule for a whole URL: its hostname and its decoded path. */
export function matchUrl(rules: readonly IngressRule[], url: URL): IngressMatch {
  return matchRule(rules, url.hostname, decodePath(url.pathname));
}

/** The path as the reference's connector matches it: percent-decoded (left as it is when it does not decode). */
export function decodePath(pathname: string): string {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return pathname;
  }
}

function absent(obj: Record<string, unknown>, key: string): boolean {
  return obj[key] === undefined || obj[key] === null;
}

function optionalString(obj: Record<string, unknown>, key: string, report: (message: string) => void): string | undefined {
  const v = obj[key];
  if (absent(obj, key)) return undefined;
  if (typeof v === 'string') return v;
  report(`"${key}" must be a string, got ${describe(v)}`);
  return undefined;
}

function freeze(config: { [K in keyof IngressConfig]: IngressConfig[K] }): IngressConfig {
  return Object.freeze({ ...config, rules: Object.freeze([...config.rules]), problems: Object.freeze([...config.problems]), warnings: Object.freeze([...config.warnings]), risks: Object.freeze([...config.risks]) });
}
