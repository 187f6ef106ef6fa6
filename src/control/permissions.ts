import type { TokenPolicy } from '../storage/control.js';
import { BINDINGS, type BindingPermissionArea, type BindingRegistry, type BindingResourceKey } from '../bindings/registry.js';

/** The platform's own areas, before and after the binding kinds' areas in every listing. */
const PLATFORM_AREAS = {
  accounts: 'accounts and their settings',
  members: 'the people of an account',
  tokens: 'API tokens',
  audit: 'the audit log',
  deployments: 'deployments and their versions',
  domains: 'custom domains',
} as const;
const NETWORK_AREAS = {
  tunnels: 'tunnels and mesh connectors',
  routes: 'private network routes',
  access: 'access applications and service tokens',
  cache: 'the Cache API\'s stored responses (purging them)',
  observability: 'invocation logs, live tails and issues',
} as const;

/** An area of the account API. */
export type PermissionArea = keyof typeof PLATFORM_AREAS | BindingPermissionArea | keyof typeof NETWORK_AREAS;

/**
 * Areas of the account API; each has a `:read` and a `:write` permission group (write includes read). A
 * binding kind's area and its description come from its plugin (`BindingPlugin.resource`).
 */
export const PERMISSION_AREAS: Readonly<Record<string, string>> = permissionAreasOf(BINDINGS);

/** The areas for a list of binding kinds: the platform's, each kind's from its plugin, then the network's. */
export function permissionAreasOf(registry: BindingRegistry): Readonly<Record<string, string>> {
  return {
    ...PLATFORM_AREAS,
    ...Object.fromEntries(registry.map((plugin) => [plugin.resource.area, plugin.resource.areaLabel])),
    ...NETWORK_AREAS,
  };
}

/** A permission group such as `deployments:write`. */
export type PermissionGroup = `${PermissionArea}:${'read' | 'write'}`;

/** Every permission group, read before write. */
export const PERMISSION_GROUPS: readonly PermissionGroup[] = permissionGroupsOf(BINDINGS);

/** Every permission group for a list of binding kinds (PERMISSION_GROUPS for Ledge's own), read before write. */
export function permissionGroupsOf(registry: BindingRegistry): readonly PermissionGroup[] {
  return Object.keys(permissionAreasOf(registry)).flatMap((area) => [`${area}:read`, `${area}:write`] as PermissionGroup[]);
}

/** A kind of named resource inside an account that a policy can name one by one. */
export type ResourceKindKey = 'deployment' | 'domain' | BindingResourceKey | 'tunnel' | 'route' | 'access_app';

/** Kinds of named resources inside an account that a policy can name one by one; the binding kinds' from their plugins. */
export const RESOURCE_KINDS: readonly string[] = resourceKindsOf(BINDINGS);

/** The kinds of resource keys for a list of binding kinds (RESOURCE_KINDS for Ledge's own). */
export function resourceKindsOf(registry: BindingRegistry): readonly string[] {
  return ['deployment', 'domain', ...registry.map((plugin) => plugin.resource.key), 'tunnel', 'route', 'access_app'];
}

const PREFIX = 'com.ledge.api.account.';

/** A parsed resource key: every account, one account, every resource of one kind, or one resource. */
export interface ResourceKey {
  account: string;
  kind?: ResourceKindKey;
  name?: string;
}

/** The key string of a resource in an account: `com.ledge.api.account.<id>[.<kind>.<name>]`. */
export function resourceKey(account: string, kind?: ResourceKindKey, name?: string): string {
  return kind === undefined ? `${PREFIX}${account}` : `${PREFIX}${account}.${kind}.${name ?? '*'}`;
}

/** Parses a resource key, or explains what is wrong with it. */
export function parseResourceKey(key: string, kinds: readonly string[] = RESOURCE_KINDS): ResourceKey | string {
  if (!key.startsWith(PREFIX)) return `expected a key starting with "${PREFIX}"`;
  const rest = key.slice(PREFIX.length);
  const dot = rest.indexOf('.');
  const account = dot === -1 ? rest : rest.slice(0, dot);
  if (account !== '*' && !/^[0-9a-f]{32}$/.test(account)) return 'expected "*" or a 32-character account id after the prefix';
  if (dot === -1) return { account };
  if (account === '*') return 'a key for every account cannot name a resource kind';
  const tail = rest.slice(dot + 1);
  const sep = tail.indexOf('.');
  const kind = sep === -1 ? tail : tail.slice(0, sep);
  if (!kinds.includes(kind)) return `unknown resource kind "${kind}" (expected one of ${kinds.join(', ')})`;
  const name = sep === -1 ? '' : tail.slice(sep + 1);
  if (name === '') return `expected a name or "*" after "${kind}."`;
  return { account, kind: kind as ResourceKindKey, name };
}

/** True when `outer` covers everything `inner` names. */
export function covers(outer: ResourceKey, inner: ResourceKey): boolean {
  if (outer.account === '*') return true;
  if (outer.account !== inner.account) return false;
  if (outer.kind === undefined) return true;
  if (outer.kind !== inner.kind) return false;
  return outer.name === '*' || outer.name === inner.name;
}

/** True when an allow listing `listed` grants `group` (write includes read). */
function grants(listed: readonly string[], group: PermissionGroup): boolean {
  if (listed.includes(group)) return true;
  return group.endsWith(':read') && listed.includes(group.replace(/:read$/, ':write'));
}

/** True when a deny listing `listed` takes `group` away: denying write leaves read, denying read takes write too. */
function takes(listed: readonly string[], group: PermissionGroup): boolean {
  if (listed.includes(group)) return true;
  return group.endsWith(':write') && listed.includes(group.replace(/:write$/, ':read'));
}

/** What one token may do, decided from its policies: a deny wins over an allow. */
export interface Permissions {
  /** May the token use `group` on the resource `key`? */
  can(group: PermissionGroup, key: ResourceKey): boolean;
  /** Does the token hold `group` on anything inside `account` (lists show what it may read)? */
  canAny(group: PermissionGroup, account: string): boolean;
  /** Does any policy reach into `account` at all? */
  reaches(account: string): boolean;
  /** Is `group` denied on any part of `key` (a key that covers it, or one it covers)? A grant of `key` would then exceed the holder. */
  deniedWithin(group: PermissionGroup, key: ResourceKey): boolean;
}

/** Resolves a token's policies once (resource keys of `kinds`); keys that do not parse never grant anything. */
export function toPermissions(policies: readonly TokenPolicy[], kinds: readonly string[] = RESOURCE_KINDS): Permissions {
  const parsed = policies.map((p) => ({
    effect: p.effect,
    groups: p.permission_groups,
    keys: Object.keys(p.resources).map((key) => parseResourceKey(key, kinds)).filter((k): k is ResourceKey => typeof k !== 'string'),
  }));
  const can = (group: PermissionGroup, key: ResourceKey) =>
    parsed.some((p) => p.effect === 'allow' && grants(p.groups, group) && p.keys.some((k) => covers(k, key)))
    && !parsed.some((p) => p.effect === 'deny' && takes(p.groups, group) && p.keys.some((k) => covers(k, key)));
  const inAccount = (k: ResourceKey, account: string) => k.account === '*' || k.account === account;
  return {
    can,
    canAny(group, account) {
      return can(group, { account }) || parsed.some((p) => p.effect === 'allow' && grants(p.groups, group) && p.keys.some((k) => inAccount(k, account) && can(group, k)));
    },
    deniedWithin(group, key) {
      return parsed.some((p) => p.effect === 'deny' && takes(p.groups, group) && p.keys.some((k) => covers(k, key) || covers(key, k)));
    },
    reaches(account) {
      return parsed.some((p) => p.effect === 'allow' && p.keys.some((k) => inAccount(k, account)));
    },
  };
}
