import { z } from 'zod';
import { BINDINGS, type BindingRegistry } from '../bindings/registry.js';
import { BINDING_NAME } from '../bindings/names.js';
import { MIGRATIONS_SCHEMA } from '../bindings/coordination/schema.js';

/** Names a deployment can be reached and listed by: lowercase letters, digits and dashes (SPEC, Deployment configuration template). */
const NAME = z.string().regex(/^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/, {
  error: 'expected lowercase letters, digits and dashes (1-63 characters, no leading or trailing dash)',
});

/** `YYYY-MM-DD` naming a real calendar day. Whether it lies in the future is checked later, against the clock. */
export const COMPATIBILITY_DATE = z.string().refine(isCalendarDate, { error: 'expected YYYY-MM-DD' });

const ROUTE = z.union([
  z.string().min(1),
  z.strictObject({
    pattern: z.string().min(1),
    custom_domain: z.boolean().optional(),
    zone_name: z.string().optional(),
  }),
]);

const JSON_VALUE: z.ZodType<unknown> = z.json();

const LIMITS = z.strictObject({
  /** CPU milliseconds one event may use. @default 30000 */
  cpu_ms: z.number().int().min(1).max(300_000).optional(),
  /** Heap size of the deployment's isolate in MiB. @default 128 */
  memory_mb: z.number().int().min(16).max(8192).optional(),
  /** Outbound fetches one event may make. @default 1000 */
  subrequests: z.number().int().min(1).max(100_000).optional(),
  /** Milliseconds from a request's arrival to its response head. @default 100000 */
  wall_ms: z.number().int().min(1).max(3_600_000).optional(),
});

const SAMPLING = z.number().min(0).max(1);

const OBSERVABILITY = z.strictObject({
  enabled: z.boolean().optional(),
  head_sampling_rate: SAMPLING.optional(),
  logs: z.strictObject({
    enabled: z.boolean().optional(),
    head_sampling_rate: SAMPLING.optional(),
    invocation_logs: z.boolean().optional(),
    /** Record URLs with their query values (docs/observability.md); otherwise each value is `REDACTED`. @default false */
    keep_query_values: z.boolean().optional(),
  }).optional(),
  /** SPEC, Events 3: the issues feature is switched on in the project setting so a deployment does not overwrite it. */
  issues: z.strictObject({
    enabled: z.boolean().optional(),
    /**
     * Where `ledge dev` sends issue notifications (docs/observability.md, Notifications), signed with the value of the
     * secret `secret_name` names (.dev.vars or .env). `ledge serve` ignores it: an account's destinations are made
     * through its API. @default none
     */
    webhooks: z.array(z.strictObject({
      url: z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' }),
      secret_name: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, { error: 'expected the name of a secret in .dev.vars or .env (letters, digits, _)' }),
      on_new: z.boolean().optional(),
      threshold: z.number().int().min(1).max(1_000_000).optional(),
      quiet_period_seconds: z.number().int().min(3600).max(365 * 86400).optional(),
    })).max(50).optional(),
  }).optional(),
});

const TRIGGERS = z.strictObject({
  /** Five-field cron expressions, always evaluated in UTC. */
  crons: z.array(z.string().min(1)).max(100).optional(),
  /** After downtime: fire the most recent missed window once (marked late), or skip missed windows. @default "latest" */
  catch_up: z.enum(['latest', 'none']).optional(),
});

/** A module rule: what imports matching the globs become (docs/runtime.md, Module rules). */
const MODULE_RULE = z.strictObject({
  type: z.enum(['ESModule', 'CommonJS', 'CompiledWasm', 'Text', 'Data']),
  globs: z.array(z.string().min(1)).min(1),
  /** Let later rules of the same type apply too. */
  fallthrough: z.boolean().optional(),
});

/** The project's own build, run before bundling by `ledge dev` and `ledge deploy` (docs/configuration.md). */
const BUILD = z.strictObject({
  /** A shell command, for example "npm run build". */
  command: z.string().min(1).optional(),
  /** Where the command runs, relative to the configuration file. @default "." */
  cwd: z.string().min(1).optional(),
  /** What `ledge dev` watches to run the command again. @default "./src" */
  watch_dir: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).optional(),
});

/** Static assets served by the platform itself (docs/assets.md); names and defaults as in the original platform's configuration. */
const ASSETS = z.strictObject({
  /** The folder of files to serve, relative to the configuration file. */
  directory: z.string().min(1),
  /** The name of the binding in `env` whose `fetch(request)` answers from the assets. */
  binding: BINDING_NAME.optional(),
  /** What a path no file matches gets. @default "none" */
  not_found_handling: z.enum(['none', '404-page', 'single-page-application']).optional(),
  /** How `.html` files and trailing slashes map to URLs. @default "auto-trailing-slash" */
  html_handling: z.enum(['auto-trailing-slash', 'force-trailing-slash', 'drop-trailing-slash', 'none']).optional(),
  /** Run the application before looking for an asset: always, or on paths matching these globs (`!` excludes). @default false */
  run_worker_first: z.union([z.boolean(), z.array(z.string().regex(/^!?\//, { error: 'expected a path pattern starting with "/" (or "!/" to exclude)' })).max(100)]).optional(),
});

/** A JavaScript name or member path (`h`, `React.createElement`), as JSX factories are. */
const JS_MEMBER = z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, { error: 'expected a JavaScript name or member path, such as "h" or "React.createElement"' });

/** A secret's name: one code can read from `env`. */
const SECRET_NAME = z.string().regex(/^[A-Za-z_$][A-Za-z0-9_$]*$/, { error: 'expected a name code can read from env (letters, digits, _ or $, not starting with a digit)' });

/** `secrets`: the secrets the code needs, declared so a missing one stops ledge dev and ledge deploy (docs/configuration.md). */
const SECRETS = z.strictObject({
  /** Names that must have a value: in .dev.vars or .env under ledge dev, set with "ledge secret put" on the platform. @default none */
  required: z.array(SECRET_NAME).max(1000).optional(),
});

/** Keys an environment takes from the top level unless it sets them itself. */
const INHERITABLE = {
  name: NAME.optional(),
  /** The account `ledge deploy` and the other platform commands act on, when the token sees more than one. */
  account_id: z.string().regex(/^[0-9a-f]{32}$/, { error: 'expected an account id: 32 lowercase hexadecimal characters' }).optional(),
  main: z.string().min(1).optional(),
  compatibility_date: COMPATIBILITY_DATE.optional(),
  compatibility_flags: z.array(z.string().min(1)).optional(),
  edge_dev: z.boolean().optional(),
  preview_urls: z.boolean().optional(),
  routes: z.array(ROUTE).optional(),
  limits: LIMITS.optional(),
  observability: OBSERVABILITY.optional(),
  triggers: TRIGGERS.optional(),
  rules: z.array(MODULE_RULE).optional(),
  build: BUILD.optional(),
  assets: ASSETS.optional(),
  /** Coordination-object migrations, applied in order at deploy (docs/bindings/coordination.md). @default none */
  migrations: MIGRATIONS_SCHEMA.optional(),
  /** Module aliases for the bundle: an import of the key resolves to the value (a package, or a path relative to the configuration file). @default none */
  alias: z.record(z.string().min(1), z.string().min(1)).optional(),
  /** Another TypeScript configuration file for the bundle, relative to the configuration file (its JSX and decorator settings apply). @default the tsconfig.json nearest each module */
  tsconfig: z.string().min(1).optional(),
  /** What JSX elements compile to (esbuild's jsxFactory), over the tsconfig's jsxFactory. @default "React.createElement" */
  jsx_factory: JS_MEMBER.optional(),
  /** What JSX fragments compile to (esbuild's jsxFragment), over the tsconfig's jsxFragmentFactory. @default "React.Fragment" */
  jsx_fragment: JS_MEMBER.optional(),
  /** Link the entry's own modules as they are: no package resolution, no define, no TypeScript; every module must be a file under base_dir that a rule matches (docs/configuration.md). @default false */
  no_bundle: z.boolean().optional(),
  /** Find the modules under base_dir that the rules match and build them into the version, for the imports that reach them at run time (docs/configuration.md). @default the value of no_bundle */
  find_additional_modules: z.boolean().optional(),
  /** The folder module rules are matched in and additional modules are found under, relative to the configuration file. @default the folder of main */
  base_dir: z.string().min(1).optional(),
};

/** A name the bundler replaces (`define`): an identifier or a dotted member path, such as `process.env.API_URL`. */
const DEFINED_NAME = z.string().regex(/^[A-Za-z_$][\w$]*(\.[A-Za-z_$][\w$]*)*$/, { error: 'expected an identifier or a dotted path of identifiers, such as "__VERSION__" or "process.env.API_URL"' });

/**
 * `version_metadata`: the name in `env` of the version's `{ id, tag, timestamp }` (the original's version metadata
 * binding; docs/configuration.md). A value in `env` like a var, so it needs no service of its own.
 */
const VERSION_METADATA = z.strictObject({ binding: BINDING_NAME });

/** Keys an environment never inherits: vars and every binding kind (SPEC, Authentication 4). */
function nonInheritable(registry: BindingRegistry = BINDINGS) {
  const bindings: Record<string, z.ZodType> = {};
  for (const plugin of registry) bindings[plugin.configKey] = (plugin.sectionSchema ?? z.array(plugin.entrySchema)).optional();
  return {
    vars: z.record(BINDING_NAME, JSON_VALUE).optional(),
    /** Names the bundler replaces with the code of each value (a JSON literal or another name), as the original's tool does. @default none */
    define: z.record(DEFINED_NAME, z.string()).optional(),
    version_metadata: VERSION_METADATA.optional(),
    secrets: SECRETS.optional(),
    ...bindings,
  };
}

/** The keys that are not inherited by environments, in the order the docs list them. */
export const NON_INHERITABLE_KEYS: readonly string[] = Object.keys(nonInheritable());

/** The whole `ledge.jsonc` document and one `env.<name>` section, for the binding kinds of `registry`. */
function buildSchemas(registry: BindingRegistry) {
  const environment = z.strictObject({ ...INHERITABLE, ...nonInheritable(registry) });
  const config = z.strictObject({
    $schema: z.string().optional(),
    ...INHERITABLE,
    name: NAME,
    compatibility_date: COMPATIBILITY_DATE,
    ...nonInheritable(registry),
    env: z.record(z.string().regex(/^[a-z0-9][a-z0-9_-]*$/, { error: 'expected an environment name of lowercase letters, digits, - and _' }), environment).optional(),
  });
  return { environment, config };
}

const BUILT = buildSchemas(BINDINGS);

/** One `env.<name>` section. */
export const ENVIRONMENT_SCHEMA = BUILT.environment;

/** The whole `ledge.jsonc` document. */
export const CONFIG_SCHEMA = BUILT.config;

const schemasByRegistry = new WeakMap<BindingRegistry, typeof BUILT>([[BINDINGS, BUILT]]);

/** Both schemas for a list of binding kinds, built once per list. */
function schemasFor(registry: BindingRegistry): typeof BUILT {
  let schemas = schemasByRegistry.get(registry);
  if (!schemas) schemasByRegistry.set(registry, (schemas = buildSchemas(registry)));
  return schemas;
}

/** The document's schema when the host was given another list of binding kinds (`ledge dev` with `bindings`); CONFIG_SCHEMA for Ledge's own. */
export function configSchemaFor(registry: BindingRegistry): typeof CONFIG_SCHEMA {
  return schemasFor(registry).config;
}

/** One `env.<name>` section's schema for a list of binding kinds; ENVIRONMENT_SCHEMA for Ledge's own. */
export function environmentSchemaFor(registry: BindingRegistry): typeof ENVIRONMENT_SCHEMA {
  return schemasFor(registry).environment;
}

/** `ledge.jsonc` as written. */
export type RawConfig = z.infer<typeof CONFIG_SCHEMA>;
/** One environment section as written. */
export type RawEnvironment = z.infer<typeof ENVIRONMENT_SCHEMA>;
/** A module rule as written. */
export type RawModuleRule = z.infer<typeof MODULE_RULE>;
/** The `assets` section as written. */
export type RawAssets = z.infer<typeof ASSETS>;
/** The `build` section as written. */
export type RawBuild = z.infer<typeof BUILD>;
/** A route pattern as written. */
export type Route = z.infer<typeof ROUTE>;

function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** The JSON Schema that `ledge.jsonc` references with `$schema`, derived from CONFIG_SCHEMA. */
export function toConfigJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(CONFIG_SCHEMA, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return { ...schema, $id: 'https://ledge.dev/ledge.schema.json', title: 'ledge.jsonc', description: 'Configuration of one Ledge project.' };
}
