// A remote API protected by OAuth 2.1 with @cloudflare/workers-oauth-provider (1.x, one Worker in both roles):
// the provider serves discovery, dynamic client registration, the token endpoint and bearer checks on /api/;
// this Worker owns the sign-in and consent step (/authorize) and grant management (/admin/grants).
import { AuthorizationError, OAuthProvider, insufficientScope, type OAuthHelpers, type OAuthResourceContext } from '@cloudflare/workers-oauth-provider';
import { WorkerEntrypoint, env as moduleEnv } from 'cloudflare:workers';

interface Env {
  OAUTH_KV: KVNamespace;
  OAUTH_PROVIDER: OAuthHelpers;
  PUBLIC_URL: string;
  ADMIN_KEY?: string;
}

interface Props { userId: string; displayName: string }

const PUBLIC_URL = (moduleEnv as unknown as Env).PUBLIC_URL;
const USERS: Record<string, string> = { alice: 'Alice Example', bob: 'Bob Example' };

/** The protected API: reached only with a valid access token for this resource; `ctx.props` is the grant's. */
class ApiHandler extends WorkerEntrypoint<Env, Props> {
  async fetch(request: Request): Promise<Response> {
    const ctx = this.ctx as unknown as OAuthResourceContext<Props>;
    const url = new URL(request.url);
    if (url.pathname === '/api/me') {
      return Response.json({ props: ctx.props, scope: ctx.auth.scope, clientId: ctx.auth.clientId, userId: ctx.auth.userId });
    }
    if (url.pathname === '/api/notes' && request.method === 'POST') {
      // Writing needs more than the baseline: a 403 naming every scope needed, and the client steps up.
      if (!ctx.auth.scope.includes('notes:write')) return insufficientScope(ctx.auth, ['notes:read', 'notes:write']);
      const note = await request.text();
      await this.env.OAUTH_KV.put(`note:${ctx.props.userId}`, note);
      return Response.json({ saved: note, by: ctx.props.userId }, { status: 201 });
    }
    if (url.pathname === '/api/notes') {
      return Response.json({ note: await this.env.OAUTH_KV.get(`note:${ctx.props.userId}`) });
    }
    return new Response('not found', { status: 404 });
  }
}

/** Everything that is not the API: the sign-in/consent step and grant management. */
const defaultHandler = {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/authorize') {
      // A signed-in user (here: a session cookie naming a known user) consents to what the client asked for.
      const user = /(?:^|;\s*)session=(\w+)/.exec(request.headers.get('cookie') ?? '')?.[1];
      if (!user || !USERS[user]) return new Response('sign in first', { status: 401 });
      let oauthRequest;
      try {
        oauthRequest = await env.OAUTH_PROVIDER.parseAuthRequest(request);
      } catch (err) {
        if (!(err instanceof AuthorizationError)) throw err;
        // Back to the client only once its redirect URI is validated; otherwise shown here, never redirected.
        if (err.redirectTo) return Response.redirect(err.redirectTo, 302);
        return new Response(`${err.code}: ${err.description}`, { status: 400 });
      }
      const client = await env.OAUTH_PROVIDER.lookupClient(oauthRequest.clientId);
      if (!client) return new Response('unknown client', { status: 400 });
      const { redirectTo } = await env.OAUTH_PROVIDER.completeAuthorization({
        request: oauthRequest,
        userId: user,
        metadata: { label: client.clientName ?? client.clientId },
        scope: oauthRequest.scope,
        props: { userId: user, displayName: USERS[user] } satisfies Props,
      });
      return Response.redirect(redirectTo, 302);
    }
    if (url.pathname.startsWith('/admin/grants/')) {
      if (!env.ADMIN_KEY || request.headers.get('x-admin-key') !== env.ADMIN_KEY) return new Response('forbidden', { status: 403 });
      const user = url.pathname.slice('/admin/grants/'.length);
      const grants = await env.OAUTH_PROVIDER.listUserGrants(user);
      if (request.method === 'DELETE') {
        for (const grant of grants.items) await env.OAUTH_PROVIDER.revokeGrant(grant.id, user);
      }
      return Response.json({ grants: grants.items.map((g) => ({ id: g.id, clientId: g.clientId, scope: g.scope })) });
    }
    return new Response('oauth-api', { status: 200 });
  },
};

export default new OAuthProvider<Env>({
  apiRoute: '/api/',
  apiHandler: ApiHandler,
  defaultHandler,
  authorizeEndpoint: '/authorize',
  tokenEndpoint: '/oauth/token',
  clientRegistrationEndpoint: '/oauth/register',
  scopesSupported: ['notes:read', 'notes:write', 'offline_access'],
  resourceMetadata: { resource: `${PUBLIC_URL}/api/`, authorization_servers: [PUBLIC_URL] },
  requiredScopes: ['notes:read'],
  accessTokenTTL: 60,
});
