import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { LedgeError } from '../../platform/errors.js';
import { createConsoleSink, createLogger } from '../../platform/logger.js';
import { loadIngress } from '../../entry/tunnel/ingress.js';
import { startConnector } from '../../entry/tunnel/connector.js';
import { encodeTunnelToken } from '../../entry/tunnel/protocol.js';
import { accountPath, formatTable, openPlatform, platformOptions, type PlatformOptions, type PlatformSession } from '../api-client.js';
import { printJson } from '../local.js';
import { registerTunnelIngress } from './tunnel-ingress.js';
import type { PrivateRoute, Tunnel, VirtualNetwork } from '../../control/results.js';

type Route = PrivateRoute & { tunnel_name?: string | null; virtual_network_name?: string | null };

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const out = (text: string) => process.stdout.write(text);

/** A tunnel by name or id among the account's (not deleted) tunnels. */
async function findTunnel(session: PlatformSession, nameOrId: string): Promise<Tunnel> {
  const all = await session.client.listAll<Tunnel>(accountPath(session.account.id, 'edge_tunnel'));
  const found = all.find((t) => t.id === nameOrId) ?? all.find((t) => t.name === nameOrId);
  if (!found) throw new LedgeError('not_found', `no tunnel "${nameOrId}" in account ${session.account.name} (${session.account.id})`);
  return found;
}

/** A virtual network id from `--vnet`, given as an id or a name (as the original connector takes it). */
async function vnetId(session: PlatformSession, idOrName: string | undefined): Promise<string | undefined> {
  if (idOrName === undefined) return undefined;
  const all = await session.client.get<VirtualNetwork[]>(accountPath(session.account.id, 'teamnet', 'virtual_networks'));
  const found = all.find((v) => v.id === idOrName && v.deleted_at === null) ?? all.find((v) => v.name === idOrName && v.deleted_at === null);
  if (!found) throw new LedgeError('not_found', `--vnet: no virtual network "${idOrName}" in account ${session.account.name} (${session.account.id}); give its id or name`);
  return found.id;
}

/**
 * The token a connector runs with: --token-file, LEDGE_TUNNEL_TOKEN, or the credentials file the
 * configuration names; --token still works but puts the secret in the process list, so it warns.
 */
function connectorToken(opts: { token?: string; tokenFile?: string }, credentialsFile: string | undefined, warn: (message: string) => void): string {
  if (opts.token !== undefined && opts.tokenFile !== undefined) throw new LedgeError('bad_argument', 'give --token or --token-file, not both');
  if (opts.tokenFile !== undefined) return readTokenFile(opts.tokenFile);
  if (opts.token !== undefined) {
    warn('--token shows the tunnel token to every user of this machine (ps, /proc); use LEDGE_TUNNEL_TOKEN or --token-file instead');
    return opts.token;
  }
  const token = process.env.LEDGE_TUNNEL_TOKEN;
  if (token) return token;
  if (credentialsFile) {
    let creds: { AccountTag?: unknown; TunnelID?: unknown; TunnelSecret?: unknown; Endpoint?: unknown } | null;
    try {
      creds = JSON.parse(readFileSync(credentialsFile, 'utf8')) as typeof creds;
    } catch (err) {
      // Never the parser's message: it quotes the file, secret included.
      throw new LedgeError('bad_argument', `credentials-file: cannot read ${credentialsFile} as JSON (${(err as NodeJS.ErrnoException).code ?? 'not valid JSON'})`);
    }
    if (typeof creds !== 'object' || creds === null || typeof creds.AccountTag !== 'string' || typeof creds.TunnelID !== 'string' || typeof creds.TunnelSecret !== 'string'
      || (creds.Endpoint !== undefined && typeof creds.Endpoint !== 'string')) {
      throw new LedgeError('bad_argument', `credentials-file ${credentialsFile}: expected an object with the strings AccountTag, TunnelID and TunnelSecret`);
    }
    return encodeTunnelToken({ a: creds.AccountTag, t: creds.TunnelID, s: creds.TunnelSecret, ...(creds.Endpoint ? { e: creds.Endpoint } : {}) });
  }
  throw new LedgeError('bad_argument', 'no tunnel token: set LEDGE_TUNNEL_TOKEN, give --token-file, or name a credentials-file in --config (get a token with "ledge tunnel token <tunnel>")');
}

/** The token in a file: its content without surrounding whitespace. Errors never quote the file. */
function readTokenFile(file: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new LedgeError('bad_argument', `--token-file: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? 'unreadable'})`);
  }
  const token = text.trim();
  if (token === '') throw new LedgeError('bad_argument', `--token-file: ${file} is empty; write the output of "ledge tunnel token <tunnel>" into it`);
  return token;
}

/** `ledge tunnel ...`: tunnels, their connector, private routes and hostnames, through the account API (docs/tunnels.md). */
export function registerTunnel(program: Command): void {
  const tunnel = program.command('tunnel').description('tunnels: create them, run a connector, route private networks and hostnames to them')
    .option('--config <file>', 'ingress configuration file (YAML or JSON) for run and ingress');

  platformOptions(tunnel.command('create').description('create a tunnel').argument('<name>', 'tunnel name'))
    .action(async (name: string, opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const created = (await session.client.request<Tunnel>('POST', accountPath(session.account.id, 'edge_tunnel'), { name })).result;
      if (opts.json) return printJson(created);
      out(`created tunnel ${created.name} with id ${created.id}\nrun a connector with: LEDGE_TUNNEL_TOKEN="$(ledge tunnel token ${created.name})" ledge tunnel --config <file> run\n`);
    });

  platformOptions(tunnel.command('list').description("list the account's tunnels").option('--deleted', 'list deleted tunnels instead'))
    .action(async (opts: PlatformOptions & { deleted?: boolean }) => {
      const session = await openPlatform(opts, false);
      const all = await session.client.listAll<Tunnel>(`${accountPath(session.account.id, 'edge_tunnel')}${opts.deleted ? '?is_deleted=true' : ''}`);
      if (opts.json) return printJson(all);
      if (!all.length) return void out(opts.deleted ? 'no deleted tunnels\n' : 'no tunnels\n');
      out(formatTable(['ID', 'NAME', 'STATUS', 'CREATED'], all.map((t) => [t.id, t.name, t.status, t.created_at])));
    });

  platformOptions(tunnel.command('delete').description('delete a tunnel (it must have no connected connector and no private routes)').argument('<tunnel>', 'name or id'))
    .action(async (nameOrId: string, opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const found = await findTunnel(session, nameOrId);
      await session.client.request('DELETE', accountPath(session.account.id, 'edge_tunnel', found.id));
      if (opts.json) return printJson({ id: found.id, deleted: true });
      out(`deleted tunnel ${found.name} (${found.id})\n`);
    });

  platformOptions(tunnel.command('token').description("print a tunnel's token (a secret: it lets a connector serve the tunnel)").argument('<tunnel>', 'name or id'))
    .action(async (nameOrId: string, opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const found = await findTunnel(session, nameOrId);
      const token = await session.client.get<string>(accountPath(session.account.id, 'edge_tunnel', found.id, 'token'));
      if (opts.json) return printJson({ id: found.id, token });
      out(`${token}\n`);
    });

  tunnel.command('run').description('run a connector: dial the platform, serve the tunnel by its ingress rules, reconnect when cut off')
    .option('--token-file <file>', 'read the tunnel token from this file (default: LEDGE_TUNNEL_TOKEN, or the credentials-file of --config)')
    .option('--token <token>', 'tunnel token on the command line: visible to other users in the process list; kept for compatibility, prefer LEDGE_TUNNEL_TOKEN or --token-file')
    .option('--edge <url>', 'connect URL when the token has none (ws://host:port/connect/tunnel)')
    .option('--verbose', 'print debug logs')
    .action(async (opts: { token?: string; tokenFile?: string; edge?: string; verbose?: boolean }, command: Command) => {
      const { config } = command.optsWithGlobals<{ config?: string }>();
      const ingress = config === undefined ? undefined : loadIngress({ file: config });
      if (ingress?.problems.length) throw new LedgeError('config_invalid', `${config}: ${ingress.problems.map((p) => p.message).join('; ')} (see "ledge tunnel ingress validate ${config}")`);
      const logger = createLogger(createConsoleSink({ verbose: opts.verbose }), 'tunnel');
      for (const warning of [...ingress?.risks ?? [], ...ingress?.warnings ?? []]) logger.warn(warning);
      const token = connectorToken(opts, ingress?.credentialsFile, (message) => logger.warn(message));
      let connector;
      try {
        connector = startConnector({ token, edge: opts.edge, rules: ingress?.rules, logger, version: VERSION });
      } catch (err) {
        throw new LedgeError('bad_argument', (err as Error).message);
      }
      const stop = () => {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        logger.info('stopping: finishing requests in flight');
        void connector.stop();
      };
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
      const { refused } = await connector.done;
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      if (refused !== undefined) throw new LedgeError('api_auth_failed', `the platform refused the connector: ${refused}`);
      logger.info('stopped');
    });

  const route = tunnel.command('route').description('route private networks and hostnames to tunnels');
  const ip = route.command('ip').description('private network routes (only the current route_id paths are used)');

  platformOptions(ip.command('add').description('route a private network through a tunnel').argument('<network>', 'IPv4 or IPv6 network, e.g. 10.0.0.0/16').argument('<tunnel>', 'name or id').argument('[comment]', 'a comment for the route (the original connector\'s third argument; or --comment)'))
    .option('--comment <text>', 'a comment for the route')
    .option('--vnet <id or name>', 'virtual network (default: the account default)')
    .action(async (network: string, nameOrId: string, positional: string | undefined, opts: PlatformOptions & { comment?: string; vnet?: string }) => {
      if (positional !== undefined && opts.comment !== undefined && positional !== opts.comment) throw new LedgeError('bad_argument', 'give the comment once: as the third argument or with --comment');
      opts.comment ??= positional;
      const session = await openPlatform(opts, false);
      const found = await findTunnel(session, nameOrId);
      opts.vnet = await vnetId(session, opts.vnet);
      const created = (await session.client.request<Route>('POST', accountPath(session.account.id, 'teamnet', 'routes'), {
        network, tunnel_id: found.id, ...(opts.comment ? { comment: opts.comment } : {}), ...(opts.vnet ? { virtual_network_id: opts.vnet } : {}),
      })).result;
      if (opts.json) return printJson(created);
      out(`routed ${created.network} through tunnel ${found.name} (route ${created.id})\n`);
    });

  platformOptions(ip.command('delete').description('delete a route, by its id or its network').argument('<route>', 'route id, or the network it routes'))
    .option('--vnet <id or name>', 'virtual network, when deleting by network (default: the account default)')
    .action(async (which: string, opts: PlatformOptions & { vnet?: string }) => {
      const session = await openPlatform(opts, false);
      opts.vnet = await vnetId(session, opts.vnet);
      const routes = await session.client.listAll<Route & { virtual_network_name: string | null }>(accountPath(session.account.id, 'teamnet', 'routes'));
      let target = routes.find((r) => r.id === which);
      if (!target) {
        const matches = routes.filter((r) => r.network === which.trim().toLowerCase() && (opts.vnet === undefined ? r.virtual_network_name === 'default' : r.virtual_network_id === opts.vnet));
        if (matches.length > 1) throw new LedgeError('bad_argument', `${which} is routed in several virtual networks; name the route id or --vnet`);
        target = matches[0];
      }
      if (!target) throw new LedgeError('not_found', `no route "${which}" (give a route id, or a network exactly as "ledge tunnel route ip show" lists it)`);
      await session.client.request('DELETE', accountPath(session.account.id, 'teamnet', 'routes', target.id));
      if (opts.json) return printJson({ id: target.id, network: target.network, deleted: true });
      out(`deleted route ${target.id} (${target.network})\n`);
    });

  platformOptions(ip.command('show').description("list the account's private routes"))
    .action(async (opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const routes = await session.client.listAll<Route>(accountPath(session.account.id, 'teamnet', 'routes'));
      if (opts.json) return printJson(routes);
      if (!routes.length) return void out('no routes\n');
      out(formatTable(['ID', 'NETWORK', 'VIRTUAL NETWORK', 'TUNNEL', 'COMMENT'], routes.map((r) => [r.id, r.network, r.virtual_network_name ?? r.virtual_network_id, r.tunnel_name ?? r.tunnel_id, r.comment])));
    });

  platformOptions(ip.command('get').description('the route that serves an address (longest prefix)').argument('<ip>', 'IPv4 or IPv6 address'))
    .option('--vnet <id or name>', 'virtual network (default: the account default)')
    .action(async (address: string, opts: PlatformOptions & { vnet?: string }) => {
      const session = await openPlatform(opts, false);
      opts.vnet = await vnetId(session, opts.vnet);
      const found = await session.client.get<Route>(`${accountPath(session.account.id, 'teamnet', 'routes', 'ip', address)}${opts.vnet ? `?virtual_network_id=${encodeURIComponent(opts.vnet)}` : ''}`);
      if (opts.json) return printJson(found);
      out(`${address} is served by ${found.network} through tunnel ${found.tunnel_id} (route ${found.id})\n`);
    });

  platformOptions(route.command('dns').description('send a hostname to a tunnel (a custom domain bound to it)').argument('<tunnel>', 'name or id').argument('<hostname>', 'e.g. app.example.com'))
    .action(async (nameOrId: string, hostname: string, opts: PlatformOptions) => {
      const session = await openPlatform(opts, false);
      const found = await findTunnel(session, nameOrId);
      const domain = (await session.client.request<{ id: string; hostname: string }>('POST', accountPath(session.account.id, 'domains'), { hostname, tunnel_id: found.id })).result;
      if (opts.json) return printJson(domain);
      out(`${domain.hostname} now goes to tunnel ${found.name}\n`);
    });

  registerTunnelIngress(tunnel);
}
