// Resource and action authorization for a role, from a small table the application supplies
// (SPEC: Authentication 5: "The gateway supplies identity; the application decides permissions").

/** Role → resource → allowed actions; `'*'` as a resource or an action means any. Anything not listed is denied. */
export type AccessPolicy = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/** Validates the policy once and returns `authorize(role, resource, action)`: true only when the table allows it. */
export function createAuthorizer(policy: AccessPolicy): (role: string | null | undefined, resource: string, action: string) => boolean {
  // Maps, not the object itself: a role or resource named "constructor" or "__proto__" must not reach Object.prototype.
  const table = new Map<string, Map<string, ReadonlySet<string>>>();
  for (const [role, resources] of Object.entries(policy)) {
    if (typeof resources !== 'object' || resources === null) throw new TypeError(`createAuthorizer: role "${role}" must map resources to actions`);
    const byResource = new Map<string, ReadonlySet<string>>();
    for (const [resource, actions] of Object.entries(resources)) {
      if (!Array.isArray(actions) || actions.some((a) => typeof a !== 'string' || a === '')) {
        throw new TypeError(`createAuthorizer: role "${role}", resource "${resource}" must list actions as non-empty strings`);
      }
      byResource.set(resource, new Set(actions));
    }
    table.set(role, byResource);
  }
  return function authorize(role: string | null | undefined, resource: string, action: string): boolean {
    if (typeof role !== 'string') return false;
    const resources = table.get(role);
    if (!resources) return false;
    for (const actions of [resources.get(resource), resources.get('*')]) {
      if (actions && (actions.has(action) || actions.has('*'))) return true;
    }
    return false;
  };
}
