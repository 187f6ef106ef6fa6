import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadIngress, matchRule, matchUrl, parseIngress, validateIngress, type IngressConfig } from './index.js';

const parse = (text: string): IngressConfig => parseIngress(text, 'test.yaml');

/** The problems of a configuration, as printed. */
function problemsOf(text: string): string[] {
  return parse(text).problems.map((p) => p.message);
}

/** A configuration with `rules` (YAML list items) before the catch-all. */
function withRules(rules: string): string {
  return `ingress:\n${rules}\n  - service: http_status:404\n`;
}

/** Asserts a configuration has exactly one problem, and returns it. */
function onlyProblem(text: string): string {
  const problems = problemsOf(text);
  assert.equal(problems.length, 1, `expected one problem, got ${JSON.stringify(problems)}`);
  return problems[0] as string;
}

const EXAMPLE = `
tunnel: 6ff42ae2-765d-4adf-8112-31c55c1551ef
credentials-file: /etc/ledge/tunnel.json
originRequest:
  connectTimeout: 10s
ingress:
  - hostname: www.example.com
    service: https://localhost:8000
  - hostname: "*.example.xyz"
    path: /[a-zA-Z]+.html
    service: https://localhost:8001
    originRequest: { noTLSVerify: true, connectTimeout: 1m30s }
  - hostname: "*.example.xyz"
    service: http://127.0.0.1:8002
  - hostname: blocked.example.com
    service: http_status:403
  - service: http_status:404
`;

test('a valid YAML configuration gives typed, frozen rules', () => {
  const config = parse(EXAMPLE);
  assert.deepEqual(config.problems, []);
  assert.deepEqual(config.warnings, []);
  assert.equal(config.tunnel, '6ff42ae2-765d-4adf-8112-31c55c1551ef');
  assert.equal(config.credentialsFile, '/etc/ledge/tunnel.json');
  assert.equal(config.rules.length, 5);
  const [www, html, , blocked, last] = config.rules;
  assert.equal(www?.service.kind, 'http');
  assert.equal(www?.service.kind === 'http' && www.service.origin.href, 'https://localhost:8000/');
  assert.deepEqual(www?.originRequest, { connectTimeoutMs: 10_000 });
  assert.deepEqual(html?.originRequest, { connectTimeoutMs: 90_000, noTLSVerify: true });
  assert.equal(html?.path, '/[a-zA-Z]+.html');
  assert.deepEqual(blocked?.service, { kind: 'status', status: 403 });
  assert.deepEqual(last?.service, { kind: 'status', status: 404 });
  assert.equal(last?.hostname, undefined);
  assert.ok(Object.isFrozen(config.rules) && Object.isFrozen(www) && Object.isFrozen(www?.originRequest));
});

test('JSON works too, indented with tabs or not', () => {
  const json = { ingress: [{ hostname: 'app.example.com', service: 'http://localhost:8080' }, { service: 'http_status:404' }] };
  for (const text of [JSON.stringify(json), JSON.stringify(json, null, '\t'), JSON.stringify(json, null, 2)]) {
    const config = parse(text);
    assert.deepEqual(config.problems, []);
    assert.equal(config.rules.length, 2);
    assert.equal(matchRule(config.rules, 'app.example.com', '/').index, 0);
  }
});

test('no rules: an empty file, no ingress key, an empty list', () => {
  for (const text of ['', 'tunnel: t\n', 'ingress:\n', 'ingress: []\n']) {
    assert.deepEqual(parse(text).problems, [{ ruleNumber: null, message: "The config file doesn't contain any ingress rules" }]);
    assert.deepEqual(parse(text).rules, []);
  }
});

test('the file must be a mapping with an ingress list of mappings', () => {
  assert.equal(onlyProblem('- service: http_status:404\n'), 'The configuration must be a mapping with an "ingress" list, got a list');
  assert.equal(onlyProblem('ingress: { service: http_status:404 }\n'), '"ingress" must be a list of rules, got a mapping');
  assert.equal(onlyProblem('ingress:\n  - app.example.com\n  - service: http_status:404\n'), 'Rule #1 must be a mapping with hostname, path and service, got "app.example.com"');
  assert.equal(onlyProblem('tunnel: 42\ningress:\n  - service: http_status:404\n'), '"tunnel" must be a string, got 42');
});

test('YAML syntax errors are problems of the file that name the line', () => {
  const [problem, ...rest] = parse('ingress:\n  - hostname: a.example.com\n    hostname: b.example.com\n    service: http://localhost:1\n  - service: http_status:404\n').problems;
  assert.equal(rest.length, 0);
  assert.equal(problem?.ruleNumber, null);
  assert.match(problem?.message ?? '', /^test\.yaml: Map keys must be unique at line 3, column 5$/);
  assert.match(problemsOf('ingress: [\n')[0] ?? '', /^test\.yaml: .*line \d+/);
});

const REFERENCE = 'The last rule is a catch-all with only `service` set to `http_status:404`.';

test('a last rule with a hostname or path filter: the reference connector\'s message, the SPEC quoted, the corrected rule shown', () => {
  const filtered = (n: number) => `Rule #${n}: The last ingress rule must match all URLs (i.e. it should not have a hostname or path filter). ${REFERENCE} Keep this rule above it and end the list with: - service: http_status:404`;
  const lastWithHost = 'ingress:\n  - hostname: app.example.com\n    service: http_status:404\n';
  assert.deepEqual(parse(lastWithHost).problems, [{ ruleNumber: 1, message: filtered(1) }]);
  const lastWithPath = withRules('  - hostname: a.example.com\n    service: http://localhost:1').replace('  - service: http_status:404', '  - path: /x\n    service: http_status:404');
  assert.equal(onlyProblem(lastWithPath), filtered(2));
  assert.equal(onlyProblem('ingress:\n  - hostname: "*"\n    path: ^/x\n    service: http_status:404\n'), filtered(1));
});

test('the last rule has only service (SPEC): any other field is refused, even hostname "*", an empty one or originRequest', () => {
  const first = '  - hostname: a.example.com\n    service: http://localhost:1';
  const refused = (fields: string) => `Rule #2: ${REFERENCE} This one also sets ${fields}; write it as: - service: http_status:404`;
  assert.equal(onlyProblem(`ingress:\n${first}\n  - hostname: "*"\n    service: http_status:404\n`), refused('"hostname"'));
  assert.equal(onlyProblem(`ingress:\n${first}\n  - hostname: ""\n    service: http_status:404\n`), refused('"hostname"'));
  assert.equal(onlyProblem(`ingress:\n${first}\n  - service: http_status:404\n    originRequest: { noTLSVerify: true }\n`), refused('"originRequest"'));
  assert.equal(onlyProblem(`ingress:\n${first}\n  - hostname: "*"\n    service: http_status:404\n    hostnme: x\n`), refused('"hostname", "hostnme"'));
  assert.equal(onlyProblem(`ingress:\n${first}\n  - hostname: "*"\n`), `Rule #2: ${REFERENCE} This one also sets "hostname" and has no service; write it as: - service: http_status:404`);
  assert.deepEqual(problemsOf(`ingress:\n${first}\n  - hostname: 8080\n    service: http_status:404\n`), ['Rule #2: "hostname" must be a string, got 8080', refused('"hostname"')]);
  assert.deepEqual(problemsOf(`ingress:\n${first}\n  - {}\n`), [`Rule #2: ${REFERENCE} This one has no service; write it as: - service: http_status:404`]);
  // The remote configuration (PUT .../configurations) is checked by the same function: JSON rules are refused alike.
  assert.equal(validateIngress({ ingress: [{ hostname: '*', service: 'http_status:404' }] }, 'config.ingress').problems[0]?.message,
    `Rule #1: ${REFERENCE} This one also sets "hostname"; write it as: - service: http_status:404`);
  assert.deepEqual(parse(`ingress:\n${first}\n  - service: http_status:404\n`).problems, []);
});

test('a catch-all that is not http_status:404 works, with a warning naming the risk', () => {
  const first = '  - hostname: a.example.com\n    service: http://localhost:1';
  const origin = parse(`ingress:\n${first}\n  - service: http://localhost:8080\n`);
  assert.deepEqual(origin.problems, []);
  assert.deepEqual(origin.rules[1]?.service, { kind: 'http', origin: new URL('http://localhost:8080') });
  assert.deepEqual(origin.risks, ['Rule #2: the catch-all\'s service is "http://localhost:8080", not http_status:404 as the reference has it: every request no other rule takes, for any hostname routed to this tunnel, reaches that origin, and a missing or mistyped rule no longer shows as a 404. The fallback is no firewall either: an origin also listening on a public port can be reached around the tunnel.']);
  const status = parse(`ingress:\n${first}\n  - service: http_status:503\n`);
  assert.deepEqual([status.problems, status.rules[1]?.service], [[], { kind: 'status', status: 503 }]);
  assert.match(status.risks[0] ?? '', /^Rule #2: the catch-all's service is "http_status:503", not http_status:404 as the reference has it: a missing or mistyped rule hides behind that status instead of showing as a 404\. The fallback is no firewall/);
  assert.equal(onlyProblem(`ingress:\n${first}\n  - service: http://localhost:8080/api\n`), "Rule #2: http://localhost:8080/api is an invalid address, ingress rules don't support proxying to a different path on the origin service. The path will be the same as the eyeball request's path");
  assert.deepEqual(parse(withRules(first)).risks, []);
});

test('a catch-all before the last rule: the reference message, numbered from 1', () => {
  assert.equal(onlyProblem(withRules('  - hostname: "*"\n    service: http://localhost:1')),
    "Rule #1 is matching the hostname '*', but this will match every hostname, meaning the rules which follow it will never be triggered.");
  // "*" with a path is not a catch-all: any host, that path.
  assert.deepEqual(problemsOf(withRules('  - hostname: "*"\n    path: ^/api/\n    service: http://localhost:1')), []);
});

test('a hostname is required on every rule but the last', () => {
  const message = 'Rule #2 has no hostname: every rule except the last needs one, and only the last rule may match every hostname';
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com\n    service: http://localhost:1\n  - service: http://localhost:2')), message);
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com\n    service: http://localhost:1\n  - path: /x\n    service: http://localhost:2')), message);
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com\n    service: http://localhost:1\n  - hostname: ""\n    service: http://localhost:2')), message);
});

test('a wildcard only as a leading "*.": the reference message', () => {
  const message = 'Rule #1: Hostname patterns can have at most one wildcard character ("*") and it can only be used for subdomains, e.g. "*.example.com"';
  for (const host of ['www.*.example.com', 'example.*', '*.*.example.com', '*example.com', 'a*.example.com']) {
    assert.equal(onlyProblem(withRules(`  - hostname: "${host}"\n    service: http://localhost:1`)), message, host);
  }
});

test('no port in a hostname: the reference message', () => {
  for (const host of ['app.example.com:8080', '[::1]:443', 'app.example.com:']) {
    assert.equal(onlyProblem(withRules(`  - hostname: "${host}"\n    service: http://localhost:1`)), 'Rule #1: Hostname cannot contain a port', host);
  }
});

test('a hostname that is a URL or not a hostname at all', () => {
  assert.equal(onlyProblem(withRules('  - hostname: https://app.example.com/\n    service: http://localhost:1')),
    'Rule #1: Hostname cannot contain a scheme or a path: write "example.com", not "https://example.com/" (got "https://app.example.com/")');
  assert.equal(onlyProblem(withRules('  - hostname: "app example.com"\n    service: http://localhost:1')), 'Rule #1: Hostname "app example.com" is not a valid hostname');
  assert.equal(onlyProblem(withRules('  - hostname: "*."\n    service: http://localhost:1')), 'Rule #1: Hostname "*." is not a valid hostname');
  assert.equal(onlyProblem(withRules('  - hostname: 8080\n    service: http://localhost:1')), 'Rule #1: "hostname" must be a string, got 8080');
});

test('an invalid path regex: the reference message, numbered from 1', () => {
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com\n    path: "[a-z"\n    service: http://localhost:1')),
    'Rule #1 has an invalid regex: Invalid regular expression: /[a-z/: Unterminated character class');
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com\n    path: "(?P<name>x"\n    service: http://localhost:1')).startsWith('Rule #1 has an invalid regex: '), true);
});

test('services: a scheme and a host, no path, a supported kind, a real status', () => {
  const problem = (service: string) => onlyProblem(withRules(`  - hostname: a.example.com\n    service: "${service}"`));
  assert.equal(problem('localhost:8080'), 'Rule #1: localhost:8080 is an invalid address, please make sure it has a scheme and a hostname');
  assert.equal(problem('http://:8080'), 'Rule #1: http://:8080 is an invalid address, please make sure it has a scheme and a hostname');
  assert.equal(problem('http://localhost:8080/api'),
    "Rule #1: http://localhost:8080/api is an invalid address, ingress rules don't support proxying to a different path on the origin service. The path will be the same as the eyeball request's path");
  assert.match(problem('http://localhost:8080/'), /^Rule #1: http:\/\/localhost:8080\/ is an invalid address, ingress rules don't support proxying to a different path/);
  assert.equal(problem('http://localhost:8080?x=1'), 'Rule #1: http://localhost:8080?x=1 is an invalid address, a service cannot carry a query or a fragment');
  assert.equal(problem('http://localhost:99999'), 'Rule #1: http://localhost:99999 is an invalid address, please check its hostname and its port (a number from 1 to 65535)');
  assert.equal(problem('http://user:pw@localhost:1'), 'Rule #1: http://user:pw@localhost:1 is an invalid address, a service cannot carry a user name or password');
  for (const other of ['tcp://localhost:22', 'ssh://localhost:22', 'unix:/run/app.sock', 'hello_world', 'bastion']) {
    assert.equal(problem(other), `Rule #1: ${other} is not a service Ledge's connector can reach: use http://<address>:<port>, https://<address>:<port> or http_status:<code>`);
  }
  assert.equal(problem('http_status:abc'), 'Rule #1: invalid HTTP status: parsing "abc": not a number');
  assert.equal(problem('http_status:'), 'Rule #1: invalid HTTP status: parsing "": not a number');
  assert.equal(problem('http_status:102'), 'Rule #1: invalid HTTP status: 102 is not a response status (200 to 599)');
  assert.equal(problem('http_status:600'), 'Rule #1: invalid HTTP status: 600 is not a response status (200 to 599)');
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com')), 'Rule #1: service is required, e.g. "http://localhost:8080" or "http_status:403"');
  assert.equal(onlyProblem(withRules('  - hostname: a.example.com\n    service: 8080')), 'Rule #1: "service" must be a string, got 8080');
});

test('services that are accepted: http and https with or without a port, IPv6, a status', () => {
  const config = parse(withRules([
    '  - { hostname: a.example.com, service: "http://localhost" }',
    '  - { hostname: b.example.com, service: "HTTPS://LocalHost:8443" }',
    '  - { hostname: c.example.com, service: "http://[::1]:8080" }',
    '  - { hostname: d.example.com, service: "http_status:204" }',
  ].join('\n')));
  assert.deepEqual(config.problems, []);
  const hrefs = config.rules.map((r) => (r.service.kind === 'http' ? r.service.origin.href : r.service.status));
  assert.deepEqual(hrefs, ['http://localhost/', 'https://localhost:8443/', 'http://[::1]:8080/', 204, 404]);
});

test('originRequest values are checked; durations are kept in milliseconds', () => {
  const problems = problemsOf(`originRequest: { noTLSVerify: "yes" }\n${withRules([
    '  - hostname: a.example.com',
    '    service: http://localhost:1',
    '    originRequest: { connectTimeout: soon, keepAliveConnections: -1, proxyType: http, access: { audTag: [x] } }',
    '  - hostname: b.example.com',
    '    service: http://localhost:2',
    '    originRequest: [1]',
  ].join('\n'))}`);
  assert.deepEqual(problems, [
    'originRequest.noTLSVerify must be true or false, got "yes"',
    'Rule #1: originRequest.connectTimeout must be a duration such as "30s" or "1m30s", or a number of seconds, got "soon"',
    'Rule #1: originRequest.keepAliveConnections must be a whole number, 0 or more, got -1',
    'Rule #1: originRequest.proxyType must be "" or "socks", got "http"',
    'Rule #1: originRequest.access needs a "teamName" (a non-empty string), got a mapping',
    'Rule #2: originRequest must be a mapping of settings, got a list',
  ]);
  const ok = parse(withRules('  - hostname: a.example.com\n    service: http://localhost:1\n    originRequest: { tlsTimeout: 2.5, keepAliveTimeout: 250ms, tcpKeepAlive: 1h, access: { teamName: team, audTag: [aud1] } }'));
  assert.deepEqual(ok.problems, []);
  assert.deepEqual(ok.rules[0]?.originRequest, { tlsTimeoutMs: 2500, keepAliveTimeoutMs: 250, tcpKeepAliveMs: 3_600_000, access: { required: false, teamName: 'team', audTag: ['aud1'] } });
});

test('every problem is reported, each with its rule number', () => {
  const config = parse([
    'ingress:',
    '  - hostname: a.example.com:80',
    '    service: http://localhost:1/x',
    '  - hostname: "*"',
    '    service: http://localhost:2',
    '  - hostname: c.example.com',
    '    path: "("',
    '    service: http://localhost:3',
    '  - hostname: d.example.com',
    '    service: http_status:404',
  ].join('\n'));
  assert.deepEqual(config.rules, []);
  assert.deepEqual(config.problems.map((p) => p.ruleNumber), [1, 1, 2, 3, 4]);
  assert.match(config.problems[3]?.message ?? '', /^Rule #3 has an invalid regex: /);
  assert.match(config.problems[4]?.message ?? '', /^Rule #4: The last ingress rule must match all URLs \(i\.e\. it should not have a hostname or path filter\)\. The last rule is a catch-all/);
});

test('unknown keys are warnings, not problems', () => {
  const config = parse(`colour: blue\nloglevel: debug\noriginRequest: { bastionMode: true }\n${withRules('  - hostname: a.example.com\n    hostnme: b.example.com\n    service: http://localhost:1\n    originRequest: { noTLSverify: true }')}`);
  assert.deepEqual(config.problems, []);
  assert.equal(config.rules.length, 2);
  assert.deepEqual(config.warnings, [
    'unknown key "colour" at the top level',
    'unknown key "loglevel" at the top level',
    'unknown key "originRequest.bastionMode" at the top level',
    'Rule #1: unknown key "hostnme"',
    'Rule #1: unknown key "originRequest.noTLSverify"',
  ]);
});

const RULES = parse(EXAMPLE).rules;

test('hostnames match exactly, whatever the case, port or trailing dot', () => {
  for (const host of ['www.example.com', 'WWW.Example.COM', 'www.example.com:8443', 'www.example.com.']) {
    assert.equal(matchRule(RULES, host, '/').index, 0, host);
  }
  assert.equal(matchRule(RULES, 'example.com', '/').index, 4);
  assert.equal(matchRule(RULES, 'wwww.example.com', '/').index, 4);
});

test('a wildcard matches any depth of subdomain, never the bare domain or a lookalike', () => {
  assert.equal(matchRule(RULES, 'a.example.xyz', '/').index, 2);
  assert.equal(matchRule(RULES, 'a.b.example.xyz', '/').index, 2);
  assert.equal(matchRule(RULES, 'example.xyz', '/').index, 4);
  assert.equal(matchRule(RULES, 'badexample.xyz', '/').index, 4);
  assert.equal(matchRule(RULES, 'a.example.xyz.evil.com', '/').index, 4);
});

test('paths are unanchored regular expressions; the first matching rule wins', () => {
  assert.equal(matchRule(RULES, 'a.example.xyz', '/page.html').index, 1);
  assert.equal(matchRule(RULES, 'a.example.xyz', '/deep/page.html').index, 1, 'unanchored, as in the reference');
  assert.equal(matchRule(RULES, 'a.example.xyz', '/123.json').index, 2, 'falls through to the next rule');
  const order = parse(withRules('  - { hostname: a.example.com, path: ^/api/, service: "http://localhost:1" }\n  - { hostname: a.example.com, service: "http://localhost:2" }\n  - { hostname: a.example.com, path: ^/api/, service: "http://localhost:3" }')).rules;
  assert.equal(matchRule(order, 'a.example.com', '/api/x').index, 0);
  assert.equal(matchRule(order, 'a.example.com', '/other').index, 1);
  assert.equal(matchRule(order, 'b.example.com', '/api/x').index, 3);
});

test("Go's leading flag group is understood in a path", () => {
  const rules = parse(withRules('  - { hostname: a.example.com, path: "(?i)^/admin", service: "http_status:403" }')).rules;
  assert.equal(matchRule(rules, 'a.example.com', '/ADMIN/x').index, 0);
  assert.equal(matchRule(rules, 'a.example.com', '/user').index, 1);
});

test('the catch-all answers everything else; matchUrl decodes the path', () => {
  const match = matchRule(RULES, 'unknown.test', '/');
  assert.equal(match.index, 4);
  assert.deepEqual(match.rule.service, { kind: 'status', status: 404 });
  assert.equal(matchUrl(RULES, new URL('https://x.example.xyz/caf%C3%A9.html')).index, 2, 'é is not in [a-zA-Z]');
  assert.equal(matchUrl(RULES, new URL('https://x.example.xyz/a%62c.html')).index, 1);
  assert.throws(() => matchRule([], 'a', '/'), /valid configuration/);
});

test('an international hostname matches its ASCII form', () => {
  const rules = parse(withRules('  - { hostname: "*.bücher.example", service: "http://localhost:1" }')).rules;
  assert.equal(rules[0]?.hostPattern, '*.xn--bcher-kva.example');
  assert.equal(matchRule(rules, 'shop.xn--bcher-kva.example', '/').index, 0);
  assert.equal(matchRule(rules, 'shop.bücher.example', '/').index, 0);
});

test('loadIngress reads a file and names it; a missing file is config_not_found', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ledge-ingress-'));
  const file = path.join(dir, 'ledge-tunnel.yaml');
  writeFileSync(file, EXAMPLE);
  const config = loadIngress({ file });
  assert.equal(config.source, file);
  assert.equal(config.rules.length, 5);
  assert.equal(loadIngress({ text: 'ingress: []' }).source, 'the configuration');
  assert.throws(() => loadIngress({ file: path.join(dir, 'nope.yaml') }), (err: Error & { code?: string }) => {
    assert.equal(err.code, 'config_not_found');
    assert.match(err.message, /no tunnel configuration at .*nope\.yaml/);
    return true;
  });
});
