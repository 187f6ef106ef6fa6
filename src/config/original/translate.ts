import { CONFIG_SCHEMA, ENVIRONMENT_SCHEMA } from '../schema.js';
import { toProjectName } from '../names.js';
import { declaresNothing, DROPPED_KEYS, GENERATED_KEYS, MISSING_FEATURES, RENAMED_KEYS, toOriginalNames } from './keys.js';

/** The original platform's configuration turned into a `ledge.jsonc` document, with the reasons. */
export interface Translation {
  /** The equivalent `ledge.jsonc` document. */
  doc: Record<string, unknown>;
  /** Why each key of `doc` looks as it does, by its dotted path in `doc` (`sql_databases`, `env.staging.vars`). */
  comments: Map<string, string[]>;
  /** Keys read and left out, each as `<path>: <reason>`. */
  dropped: string[];
  /** Keys of a generated file left out without a word: its tool's bookkeeping and empty sections, which its author never wrote. */
  droppedQuietly: string[];
  /** Keys whose behaviour Ledge does not have, each as `<path>: <what is missing>`. */
  problems: string[];
  /** The renamed keys the file uses, as `d1_databases → sql_databases`. */
  renamed: string[];
}

type Doc = Record<string, unknown>;

/** Keys Ledge's own schema takes (at the top level or in an environment), copied as they are when nothing below says otherwise. */
const LEDGE_KEYS: ReadonlySet<string> = new Set([...Object.keys(CONFIG_SCHEMA.shape), ...Object.keys(ENVIRONMENT_SCHEMA.shape)]);

/** The original platform's default table of applied migrations (reference: control-plane.md, 6.3); the layout is the same as Ledge's. */
const ORIGINAL_MIGRATIONS_TABLE = 'd1_migrations';

/**
 * Maps every key Ledge supports to its own (reference: control-plane.md 5.3-5.5): renamed sections, the
 * original's defaults made explicit where Ledge's differ, and what its local development fills in when an
 * id is missing. `label` names the file in comments, `dirName` gives a project without a name one.
 */
export function translateOriginal(source: Doc, options: { label: string; dirName: string; generated?: boolean }): Translation {
  const t = new Translator(options.label, options.generated ?? false);
  const doc: Doc = {};
  if (source.name === undefined) {
    doc.name = toProjectName(options.dirName);
    t.comment('name', `${options.label} has no name: made from the directory name`);
  }
  Object.assign(doc, t.section(source, ''));
  const topRoutes = routesOf(source);
  if (source.workers_dev === undefined) {
    doc.edge_dev = topRoutes.length === 0;
    t.comment('edge_dev', `${options.label} does not set workers_dev: the original answers on its default hostname ${topRoutes.length ? 'only without routes, and routes are set' : 'when no routes are set'}`);
  }
  if (source.preview_urls === undefined) {
    doc.preview_urls = doc.edge_dev;
    t.comment('preview_urls', `${options.label} does not set preview_urls: the original follows workers_dev`);
  }
  const envs = source.env;
  if (envs !== null && typeof envs === 'object' && !Array.isArray(envs)) {
    const out: Doc = {};
    for (const [name, section] of Object.entries(envs as Doc)) {
      if (section === null || typeof section !== 'object' || Array.isArray(section)) {
        out[name] = section;
        continue;
      }
      const at = `env.${name}`;
      const env = t.section(section as Doc, `${at}.`);
      // workers_dev and preview_urls are inherited, but their defaults follow what the environment ends up with.
      const own = section as Doc;
      const edgeDev = own.workers_dev ?? source.workers_dev ?? routesOf(own, topRoutes).length === 0;
      if (own.workers_dev === undefined && edgeDev !== doc.edge_dev) {
        env.edge_dev = edgeDev;
        t.comment(`${at}.edge_dev`, `the original answers on its default hostname only when no route is set, and this environment has ${routesOf(own, topRoutes).length || 'no'} route(s)`);
      }
      const previewUrls = own.preview_urls ?? source.preview_urls ?? edgeDev;
      if (own.preview_urls === undefined && previewUrls !== doc.preview_urls) {
        env.preview_urls = previewUrls;
        t.comment(`${at}.preview_urls`, `${options.label} does not set preview_urls here: the original follows this environment's workers_dev`);
      }
      out[name] = env;
    }
    doc.env = out;
    t.comment('env', `environments, as in ${options.label}; each section is translated like the top level`);
  } else if (envs !== undefined) {
    doc.env = envs;
  }
  // Problems and left-out keys are read against the file, so they use its names.
  return { doc, comments: t.comments, dropped: t.dropped.map(toOriginalNames), droppedQuietly: t.droppedQuietly, problems: t.problems.map(toOriginalNames), renamed: [...t.renamed] };
}

function routesOf(section: Doc, inherited: unknown[] = []): unknown[] {
  if (Array.isArray(section.routes)) return section.routes;
  if (section.route !== undefined) return [section.route];
  return inherited;
}

/** Collects the translated keys with their comments, what was left out, and the problems. */
class Translator {
  readonly comments = new Map<string, string[]>();
  readonly dropped: string[] = [];
  readonly droppedQuietly: string[] = [];
  readonly problems: string[] = [];
  readonly renamed = new Set<string>();

  /** `generated`: a build tool wrote the file (a redirected configuration), so its own bookkeeping keys are left out. */
  constructor(readonly label: string, readonly generated: boolean) {}

  comment(path: string, text: string): void {
    const list = this.comments.get(path) ?? [];
    list.push(text);
    this.comments.set(path, list);
  }

  drop(path: string, reason: string, quietly = false): void {
    (quietly ? this.droppedQuietly : this.dropped).push(`${path}: ${reason}`);
  }

  problem(path: string, missing: string): void {
    this.problems.push(`${path}: ${missing}`);
  }

  /** One section: the top level (`at` is '') or `env.<name>.`; `env` itself is handled by the caller. */
  section(source: Doc, at: string): Doc {
    const out: Doc = {};
    const same = (key: string) => this.comment(`${at}${key}`, `"${key}" as in ${this.label}`);
    for (const [key, value] of Object.entries(source)) {
      const place = `${at}${key}`;
      if (key === 'env' && at === '') continue;
      const renamed = RENAMED_KEYS[key];
      if (renamed !== undefined && !(this.generated && declaresNothing(value))) this.renamed.add(`${key} → ${renamed}`);
      const generatedKey = this.generated && at === '' ? GENERATED_KEYS[key] : undefined;
      const dropped = DROPPED_KEYS[key] ?? generatedKey;
      if (dropped !== undefined) {
        this.drop(place, dropped, generatedKey !== undefined);
        continue;
      }
      switch (key) {
        case 'workers_dev':
          out.edge_dev = value;
          this.comment(`${at}edge_dev`, `from "workers_dev": answer on the platform's default hostname`);
          continue;
        case 'route':
        case 'routes': {
          const list = key === 'route' ? [value] : value;
          out.routes = Array.isArray(list) ? list.map((route, i) => this.route(route, `${at}routes[${i}]`)) : list;
          this.comment(`${at}routes`, key === 'route' ? 'from "route" (one route)' : `"routes" as in ${this.label}`);
          continue;
        }
        case 'observability':
          out.observability = this.observability(value, place);
          same(key);
          continue;
        case 'kv_namespaces':
          same(key);
          out.kv_namespaces = this.entries(value, place, (entry, p) => this.kvEntry(entry, p));
          continue;
        case 'd1_databases':
          this.comment(`${at}sql_databases`, `from "d1_databases": SQL databases (database_id, database_name, migrations_dir and migrations_table as there)`);
          out.sql_databases = this.entries(value, `${at}sql_databases`, (entry, p) => this.sqlEntry(entry, p));
          continue;
        case 'r2_buckets':
          this.comment(`${at}buckets`, 'from "r2_buckets": object store buckets');
          out.buckets = this.entries(value, `${at}buckets`, (entry, p) => this.bucketEntry(entry, p));
          continue;
        case 'vectorize':
          this.comment(`${at}vector_indexes`, 'from "vectorize": vector indexes (index_name as there)');
          out.vector_indexes = this.entries(value, `${at}vector_indexes`, (entry, p) => {
            this.remote(entry, p);
            return entry;
          });
          continue;
        case 'ratelimits':
          this.comment(`${at}rate_limits`, 'from "ratelimits": rate limiters (each "name" is the binding)');
          out.rate_limits = this.entries(value, `${at}rate_limits`, (entry) => {
            const { name, ...rest } = entry;
            return name === undefined ? entry : { binding: name, ...rest };
          });
          continue;
        case 'queues':
          out.queues = this.queues(value, place);
          same(key);
          continue;
        case 'services':
          same(key);
          out.services = this.entries(value, place, (entry, p) => this.serviceEntry(entry, p));
          continue;
        default:
      }
      if (LEDGE_KEYS.has(key)) {
        out[key] = value;
        same(key);
        continue;
      }
      const missing = MISSING_FEATURES[key];
      // A generating tool writes every section it knows, empty, including ones newer than this list.
      if ((missing !== undefined || this.generated) && declaresNothing(value)) this.drop(place, 'it declares nothing', this.generated);
      else this.problem(place, missing === undefined ? 'Ledge has no such setting' : `not supported: ${missing}`);
    }
    return out;
  }

  /** A service binding: `environment` named a service environment of the original (removed there too); `remote` as for every binding. */
  serviceEntry(entry: Doc, place: string): Doc {
    this.remote(entry, place);
    if (entry.environment !== undefined) this.problem(`${place}.environment`, 'not supported: service environments were removed by the original platform too; bind the deployment of that environment by its name');
    delete entry.environment;
    return entry;
  }

  route(route: unknown, place: string): unknown {
    if (route === null || typeof route !== 'object' || Array.isArray(route)) return route;
    const { zone_id: zoneId, ...rest } = route as Doc;
    if (zoneId !== undefined) this.drop(`${place}.zone_id`, 'zones belong to the original platform; Ledge binds the hostname of the pattern');
    return rest;
  }

  observability(value: unknown, place: string): unknown {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const { traces, logs, ...rest } = value as Doc;
    if (traces !== undefined) this.drop(`${place}.traces`, 'Ledge records no traces');
    if (logs === null || typeof logs !== 'object' || Array.isArray(logs)) return logs === undefined ? rest : { ...rest, logs };
    const { persist, destinations, ...kept } = logs as Doc;
    if (persist !== undefined) this.drop(`${place}.logs.persist`, 'Ledge always keeps logs in the platform log');
    if (destinations !== undefined) this.drop(`${place}.logs.destinations`, 'Ledge has no log destinations');
    return { ...rest, logs: kept };
  }

  entries(value: unknown, place: string, map: (entry: Doc, place: string) => Doc): unknown {
    if (!Array.isArray(value)) return value;
    return value.map((entry, i) => (entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? map({ ...(entry as Doc) }, `${place}[${i}]`) : entry));
  }

  /** `remote: true` asks for the live resource during local development, which Ledge cannot reach; `false` is what Ledge does anyway. */
  remote(entry: Doc, place: string): void {
    if (entry.remote === true) this.problem(`${place}.remote`, 'not supported: Ledge develops against local resources only and cannot reach the original platform\'s');
    else if (entry.remote !== undefined) this.drop(`${place}.remote`, 'local resources are what Ledge uses anyway');
    delete entry.remote;
  }

  /** The original's local development binds the binding's name when a namespace has no id. */
  kvEntry(entry: Doc, place: string): Doc {
    this.remote(entry, place);
    if (entry.id === undefined && typeof entry.binding === 'string') {
      entry.id = entry.binding;
      this.comment(place.replace(/\[\d+\]$/, ''), `${place}.id: none given, so the binding name (as the original's local development does)`);
    }
    return entry;
  }

  sqlEntry(entry: Doc, place: string): Doc {
    this.remote(entry, place);
    if (entry.preview_database_id !== undefined) this.drop(`${place}.preview_database_id`, 'it names a database for remote development on the original platform');
    if (entry.database_internal_env !== undefined) this.drop(`${place}.database_internal_env`, 'an internal setting of the original platform');
    delete entry.preview_database_id;
    delete entry.database_internal_env;
    if (entry.migrations_pattern !== undefined) {
      this.problem(`${place}.migrations_pattern`, 'not supported: Ledge applies every .sql file of migrations_dir in name order');
      delete entry.migrations_pattern;
    }
    const section = place.replace(/\[\d+\]$/, '');
    if (entry.database_name === undefined && typeof entry.binding === 'string') {
      entry.database_name = entry.binding;
      this.comment(section, `${place}.database_name: none given, so the binding name`);
    }
    if (entry.database_id === undefined && typeof entry.database_name === 'string') {
      entry.database_id = entry.database_name;
      this.comment(section, `${place}.database_id: none given, so the database name (as the original's local development does)`);
    }
    if (entry.error_prefix === undefined) {
      entry.error_prefix = 'D1';
      this.comment(section, `${place}.error_prefix: the original's error names (D1_ERROR: ...), so code that tests them runs unchanged`);
    }
    if (entry.migrations_table === undefined) {
      entry.migrations_table = ORIGINAL_MIGRATIONS_TABLE;
      this.comment(section, `${place}.migrations_table: the original's default "${ORIGINAL_MIGRATIONS_TABLE}" (Ledge's own is "ledge_migrations"), so a database migrated by the original tool stays in step`);
    }
    return entry;
  }

  bucketEntry(entry: Doc, place: string): Doc {
    this.remote(entry, place);
    if (entry.preview_bucket_name !== undefined) this.drop(`${place}.preview_bucket_name`, 'it names a bucket for remote development on the original platform');
    delete entry.preview_bucket_name;
    if (entry.jurisdiction !== undefined) {
      this.problem(`${place}.jurisdiction`, `not supported: Ledge keeps a bucket's objects wherever the platform runs and cannot promise the jurisdiction ${JSON.stringify(entry.jurisdiction)}; remove the key if that is acceptable`);
      delete entry.jurisdiction;
    }
    if (entry.bucket_name === undefined && typeof entry.binding === 'string') {
      entry.bucket_name = entry.binding.toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '');
      this.comment(place.replace(/\[\d+\]$/, ''), `${place}.bucket_name: none given, so made from the binding name`);
    }
    return entry;
  }

  queues(value: unknown, place: string): unknown {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const out = { ...(value as Doc) };
    if (Array.isArray(out.producers)) {
      out.producers = this.entries(out.producers, `${place}.producers`, (entry, p) => {
        this.remote(entry, p);
        return entry;
      });
    }
    return out;
  }
}
