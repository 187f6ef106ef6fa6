// From a verified identity to an application role (SPEC: Authentication 5: "A verified identity is mapped
// to an application role, then resource and action authorization"; 6: machines are mapped too).
import { isServiceIdentity, type AccessIdentity } from './verify.js';

/**
 * Role name → who holds it. An entry is an email (`alice@example.com`, any letter case), a whole email
 * domain (`@example.com`: exactly that domain, not its subdomains), or a service token's client id
 * (`service:<client id>`, matched exactly). Roles are tried in the order given; the first match wins.
 */
export type RoleTable = Readonly<Record<string, readonly string[]>>;

interface Matchers {
  emails: Set<string>;
  domains: Set<string>;
  services: Set<string>;
}

/** Validates the table once and returns `roleOf(identity)`: the identity's role, or null when it holds none. */
export function createRoleMap<const T extends RoleTable>(table: T): (identity: AccessIdentity) => (keyof T & string) | null {
  const roles: Array<[keyof T & string, Matchers]> = [];
  for (const [role, entries] of Object.entries(table)) {
    if (role === '') throw new TypeError('createRoleMap: a role name must not be empty');
    if (!Array.isArray(entries)) throw new TypeError(`createRoleMap: role "${role}" must list emails, @domains or service:<client id>`);
    roles.push([role, toMatchers(role, entries)]);
  }
  return function roleOf(identity: AccessIdentity): (keyof T & string) | null {
    const service = isServiceIdentity(identity);
    const email = service ? '' : identity.email.toLowerCase();
    const domain = email.slice(email.lastIndexOf('@') + 1);
    for (const [role, m] of roles) {
      // A service token never holds a role through an email rule, and a person never through a service rule.
      if (service ? m.services.has(identity.common_name) : m.emails.has(email) || (email.includes('@') && m.domains.has(domain))) return role;
    }
    return null;
  };
}

function toMatchers(role: string, entries: readonly unknown[]): Matchers {
  const m: Matchers = { emails: new Set(), domains: new Set(), services: new Set() };
  for (const entry of entries) {
    const bad = () => new TypeError(`createRoleMap: role "${role}": ${JSON.stringify(entry)} is not an email, @domain or service:<client id>`);
    if (typeof entry !== 'string' || entry !== entry.trim() || /\s/.test(entry)) throw bad();
    if (entry.startsWith('service:')) {
      if (entry.length === 'service:'.length) throw bad();
      m.services.add(entry.slice('service:'.length));
    } else if (entry.startsWith('@')) {
      if (entry.length === 1 || entry.indexOf('@', 1) !== -1) throw bad();
      m.domains.add(entry.slice(1).toLowerCase());
    } else {
      const at = entry.indexOf('@');
      if (at < 1 || at === entry.length - 1 || entry.indexOf('@', at + 1) !== -1) throw bad();
      m.emails.add(entry.toLowerCase());
    }
  }
  return m;
}
