import type { AccessAppRecord, AccessRule } from '../storage/access.js';

/** Who is asking: a person from an identity provider, or a machine with a service token. */
export type Principal =
  | { kind: 'user'; email: string; groups: readonly string[] }
  | { kind: 'service'; tokenId: string };

function matches(rule: AccessRule, who: Principal): boolean {
  if ('everyone' in rule) return who.kind === 'user';
  if ('any_valid_service_token' in rule) return who.kind === 'service';
  if ('service_token' in rule) return who.kind === 'service' && who.tokenId === rule.service_token.token_id;
  if (who.kind !== 'user') return false;
  if ('email' in rule) return who.email.toLowerCase() === rule.email.email.toLowerCase();
  if ('email_domain' in rule) return who.email.toLowerCase().endsWith(`@${rule.email_domain.domain.toLowerCase().replace(/^@/, '')}`);
  return who.groups.includes(rule.group.name);
}

/**
 * The gateway's decision for one principal on one application: a matching `deny` policy wins; a person
 * needs a matching `allow` policy; a service token needs a matching `service_auth` policy (an `allow`
 * never admits a machine, and `service_auth` never admits a person).
 */
export function decide(app: AccessAppRecord, who: Principal): 'allow' | 'deny' {
  const applies = (decision: string) => app.policies.some((p) => p.decision === decision && p.include.some((rule) => matches(rule, who)));
  if (applies('deny')) return 'deny';
  return applies(who.kind === 'user' ? 'allow' : 'service_auth') ? 'allow' : 'deny';
}
