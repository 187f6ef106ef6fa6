// The five-concern design record (SPEC: What the service does 3): for entry, identity, data, execution and
// recovery, which blocks a project uses and the decisions that must be kept, derived from its configuration.
// What the configuration cannot tell is marked "to decide", never guessed (docs/design.md).
import { BINDINGS } from '../bindings/registry.js';
import type { DesignConcern, DesignContribution, DesignDecision } from '../bindings/plugin.js';
import { routeHostname } from '../config/deploy.js';
import type { ProjectConfig } from '../config/load.js';

export type { DesignConcern, DesignDecision } from '../bindings/plugin.js';

/** The concerns in the order a record lists them. */
export const DESIGN_CONCERNS: readonly DesignConcern[] = ['entry', 'identity', 'data', 'execution', 'recovery'];

/** What a person writes in place of a decision the configuration cannot tell. */
export const TO_DECIDE = 'to decide';

/** One concern of a record: the blocks used and the decisions kept. */
export interface ConcernRecord {
  concern: DesignConcern;
  blocks: string[];
  decisions: DesignDecision[];
}

/** A project's design record for one environment (null: the top level). */
export interface DesignRecord {
  project: string;
  environment: string | null;
  concerns: ConcernRecord[];
}

/** Derives the record from a loaded configuration; the same configuration always gives the same record. */
export function deriveDesignRecord(config: ProjectConfig): DesignRecord {
  const at = config.environment === undefined ? '' : `env.${config.environment}.`;
  const contributions: DesignContribution[] = [...entryAndIdentity(config), ...execution(config)];
  for (const plugin of Object.values(BINDINGS)) {
    const section = config.sections[plugin.configKey];
    if (section !== undefined && plugin.design) contributions.push(...plugin.design(section, `${at}${plugin.configKey}`));
  }
  if (!contributions.some((c) => c.concern === 'data' && c.decisions.length)) {
    contributions.push({ concern: 'data', blocks: [], decisions: [{ subject: 'stored data', value: 'none: the configuration binds no store', source: 'bindings' }] });
  }
  if (!contributions.some((c) => c.concern === 'recovery' && c.decisions.length)) {
    contributions.push({ concern: 'recovery', blocks: [], decisions: [{ subject: 'data to restore', value: 'none: the configuration binds no store', source: 'bindings' }] });
  }
  const concerns = DESIGN_CONCERNS.map((concern) => {
    const mine = contributions.filter((c) => c.concern === concern);
    return { concern, blocks: [...new Set(mine.flatMap((c) => c.blocks))], decisions: mine.flatMap((c) => c.decisions) };
  });
  return { project: config.name, environment: config.environment ?? null, concerns };
}

/** The entries the configuration opens, and who must be verified at each. */
function entryAndIdentity(config: ProjectConfig): DesignContribution[] {
  const hostnames = config.routes.map((route) => {
    const found = routeHostname(route);
    return 'hostname' in found ? found.hostname : typeof route === 'string' ? route : route.pattern;
  });
  const open = [
    ...hostnames,
    ...(config.edge_dev ? ['the default hostname'] : []),
    ...(config.preview_urls ? ['the preview hostnames'] : []),
  ];
  const entry: DesignContribution = {
    concern: 'entry',
    blocks: ['edge function', ...(hostnames.length ? ['custom domain'] : []), ...(config.edge_dev ? ['default hostname'] : []), ...(config.preview_urls ? ['preview hostnames'] : [])],
    decisions: [
      { subject: 'hostname', value: hostnames.length ? hostnames.join(', ') : 'none: no production route', source: 'routes' },
      {
        subject: 'default entry',
        value: config.edge_dev ? `open: ${config.name}.<account subdomain>.<platform domain>` : 'closed',
        source: 'edge_dev',
      },
      {
        subject: 'preview entries',
        value: config.preview_urls ? `open: <8 characters of each version id>-${config.name}.<account subdomain>.<platform domain>, every version` : 'closed',
        source: 'preview_urls',
      },
      {
        subject: 'other entries', value: null,
        source: 'tunnels, webhook entries and an origin reachable directly are not in ledge.jsonc: list each, since protecting one entry does not protect the others (SPEC, Authentication 8)',
      },
    ],
  };
  const identity: DesignContribution = {
    concern: 'identity',
    blocks: [],
    decisions: [
      ...(open.length
        ? open.map((where) => ({
          subject: `verified principal on ${where}`, value: null,
          source: 'access applications are set on the platform (GET /accounts/{id}/access/apps, docs/access.md), not in ledge.jsonc: name the one in front of this entry, or say why it is public and how each request is verified (ledge/access, ledge/webhooks)',
        }))
        : [{ subject: 'verified principal', value: 'none needed: no entry is open', source: 'routes, edge_dev, preview_urls' }]),
      { subject: 'end-user permission', value: null, source: 'decided by the application (SPEC: What the service does 4): name its roles and where each action is checked' },
    ],
  };
  return [entry, identity];
}

/** What runs: the function's limits, each cron's window and completion (workflows add theirs: bindings/workflows/design.ts). */
function execution(config: ProjectConfig): DesignContribution[] {
  const { limits, triggers } = config;
  const after = triggers.catch_up === 'latest' ? 'after downtime the most recent missed window fires once, late' : 'missed windows are skipped';
  const decisions: DesignDecision[] = [
    { subject: 'limits', value: `cpu_ms ${limits.cpu_ms}, memory_mb ${limits.memory_mb}, wall_ms ${limits.wall_ms}, subrequests ${limits.subrequests}`, source: 'limits' },
    ...triggers.crons.flatMap((cron, i) => [
      {
        subject: `cron \`${cron}\` window`,
        value: `each firing stands for [previous time, scheduled time) in UTC; ${after}; a failing window is tried 3 times unless it calls noRetry()`,
        source: `triggers.crons[${i}], triggers.catch_up`,
      },
      {
        subject: `completion semantics of cron \`${cron}\``, value: null,
        source: 'a window cut off fires again with the same firingId and window (at least once): say what makes a second run harmless, e.g. a ledge/tasks window key',
      },
    ]),
  ];
  return [{ concern: 'execution', blocks: ['edge function', ...(triggers.crons.length ? ['cron triggers'] : [])], decisions }];
}
