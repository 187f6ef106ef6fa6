import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { DEFAULT_INGRESS_FILE, loadIngress, matchUrl, type IngressConfig, type IngressRule } from '../../entry/tunnel/index.js';

/** Where the ingress commands write: the process by default, a recorder in tests. */
export interface TunnelIngressIo {
  out(text: string): void;
  err(text: string): void;
  setExitCode(code: number): void;
}

/** The process's stdout, stderr and exit code. */
export const PROCESS_IO: TunnelIngressIo = {
  out: (text) => process.stdout.write(text),
  err: (text) => process.stderr.write(text),
  setExitCode: (code) => { process.exitCode = code; },
};

/** Header of the unused-key list, the reference's wording (control-plane.md 4.3). */
const UNUSED_KEYS = 'Warning: unused keys detected in your config file. Here is a list of unused keys:';

interface IngressOptions { config?: string; json?: boolean }

/**
 * Adds `ingress validate [FILE]` and `ingress rule <URL> [--config FILE]` to the `tunnel` command
 * (docs/tunnels.md). The file defaults to ./ledge-tunnel.yaml; a `--config` on `tunnel` itself is honoured too.
 */
export function registerTunnelIngress(tunnel: Command, io: TunnelIngressIo = PROCESS_IO): Command {
  const ingress = tunnel.command('ingress').description("check the tunnel's ingress rules (docs/tunnels.md)");

  ingress.command('validate')
    .description(`check an ingress configuration and print each problem with its rule's number; exit 1 when there is any`)
    .argument('[FILE]', `the configuration, YAML or JSON (default: ./${DEFAULT_INGRESS_FILE})`)
    .option('--json', 'print JSON for scripts')
    .action((file: string | undefined, _opts: IngressOptions, command: Command) => {
      const opts = command.optsWithGlobals<IngressOptions>();
      const config = loadIngress({ file: file ?? configFile(opts) });
      if (opts.json) io.out(`${JSON.stringify({ source: config.source, ok: config.problems.length === 0, problems: config.problems, warnings: config.warnings, risks: config.risks }, null, 2)}\n`);
      else {
        io.out(`Validating rules from ${config.source}\n`);
        if (config.problems.length === 0) {
          for (const risk of config.risks) io.err(`Warning: ${risk}\n`);
          io.out(config.warnings.length > 0 ? `${UNUSED_KEYS}\n${config.warnings.map((w) => `  ${w}\n`).join('')}` : 'OK\n');
        }
      }
      if (config.problems.length > 0) fail(config, io, !opts.json);
    });

  ingress.command('rule')
    .description('print the rule a request URL goes to (numbered from 0, as the reference prints it)')
    .argument('<URL>', 'the request URL, e.g. https://app.example.com/path')
    .option('--config <FILE>', `the configuration, YAML or JSON (default: ./${DEFAULT_INGRESS_FILE})`)
    .option('--json', 'print JSON for scripts')
    .action((arg: string, _opts: IngressOptions, command: Command) => {
      const opts = command.optsWithGlobals<IngressOptions>();
      const url = toRequestUrl(arg);
      const config = loadIngress({ file: configFile(opts) });
      if (!opts.json) io.out(`Using rules from ${config.source}\n`);
      if (config.problems.length > 0) return fail(config, io, true);
      const { index, rule } = matchUrl(config.rules, url);
      if (opts.json) io.out(`${JSON.stringify({ source: config.source, index, rule: fieldsOf(rule) }, null, 2)}\n`);
      else io.out(`Matched rule #${index}\n${Object.entries(fieldsOf(rule)).map(([k, v]) => `\t${k}: ${v}\n`).join('')}`);
    });

  return ingress;
}

function configFile(opts: IngressOptions): string {
  return opts.config ?? `./${DEFAULT_INGRESS_FILE}`;
}

/** Prints each problem as the reference does (`Validation failed: <message>`) and sets exit code 1. */
function fail(config: IngressConfig, io: TunnelIngressIo, print: boolean): void {
  if (print) for (const p of config.problems) io.err(`Validation failed: ${p.message}\n`);
  io.setExitCode(1);
}

/** The request URL of `ingress rule`; the reference's two messages for one that is not usable, exit 2. */
export function toRequestUrl(arg: string): URL {
  if (!/^[A-Za-z][A-Za-z0-9+.-]*:/.test(arg)) throw new LedgeError('bad_argument', `${arg} doesn't have a hostname, consider adding a scheme`);
  let url: URL;
  try {
    url = new URL(arg);
  } catch {
    throw new LedgeError('bad_argument', `${arg} is not a valid URL`);
  }
  if (url.hostname === '') throw new LedgeError('bad_argument', `${arg} doesn't have a hostname, consider adding a scheme`);
  return url;
}

/** The fields a rule was written with, in the reference's order; the ones it does not set are left out. */
function fieldsOf(rule: IngressRule): Record<string, string> {
  const fields: Record<string, string> = {};
  if (rule.hostname !== undefined) fields.hostname = rule.hostname;
  if (rule.path !== undefined) fields.path = rule.path;
  fields.service = rule.serviceText;
  return fields;
}
