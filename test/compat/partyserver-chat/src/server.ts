import { getServerByName, routePartykitRequest, Server, type Connection, type ConnectionContext, type WSMessage } from 'partyserver';

type Env = { Chat: DurableObjectNamespace<Chat>; Presence: DurableObjectNamespace<Presence> };

export type ChatMessage = { id: string; user: string; content: string };
export type Incoming = { type: 'add'; id: string; content: string } | { type: 'edit'; id: string; content: string } | { type: 'remind'; inMs: number };
export type Outgoing = { type: 'all'; messages: ChatMessage[] } | { type: 'add' | 'update'; message: ChatMessage } | { type: 'error'; error: string } | { type: 'reminder'; room: string; messages: number };

/** A chat room: messages kept in the room's SQLite, broadcast to every connection; hibernates between messages. */
export class Chat extends Server<Env> {
  static options = { hibernate: true };

  messages: ChatMessage[] = [];
  startedAt = 0;

  onStart() {
    this.startedAt = Date.now();
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS messages (id TEXT PRIMARY KEY, user TEXT, content TEXT)');
    this.messages = this.ctx.storage.sql.exec<ChatMessage>('SELECT id, user, content FROM messages ORDER BY rowid').toArray();
  }

  getConnectionTags(_connection: Connection, ctx: ConnectionContext): string[] {
    return [new URL(ctx.request.url).searchParams.get('user') ?? 'anonymous'];
  }

  onConnect(connection: Connection<{ user: string }>, ctx: ConnectionContext) {
    connection.setState({ user: new URL(ctx.request.url).searchParams.get('user') ?? 'anonymous' });
    connection.send(JSON.stringify({ type: 'all', messages: this.messages } satisfies Outgoing));
  }

  onMessage(connection: Connection<{ user: string }>, raw: WSMessage) {
    let parsed: Incoming;
    try {
      parsed = JSON.parse(String(raw)) as Incoming;
    } catch {
      connection.send(JSON.stringify({ type: 'error', error: 'not JSON' } satisfies Outgoing));
      return;
    }
    if (parsed.type === 'remind') {
      void this.ctx.storage.setAlarm(Date.now() + parsed.inMs);
      return;
    }
    const message: ChatMessage = { id: parsed.id, user: connection.state?.user ?? 'anonymous', content: parsed.content };
    const known = this.messages.findIndex((m) => m.id === message.id);
    if (known === -1) this.messages.push(message);
    else this.messages[known] = message;
    this.ctx.storage.sql.exec(
      'INSERT INTO messages (id, user, content) VALUES (?, ?, ?) ON CONFLICT (id) DO UPDATE SET user = excluded.user, content = excluded.content',
      message.id, message.user, message.content,
    );
    this.broadcast(JSON.stringify({ type: known === -1 ? 'add' : 'update', message } satisfies Outgoing));
  }

  /** The alarm a 'remind' message set: everyone in the room hears it (PartyServer calls this from alarm()). */
  onAlarm() {
    this.broadcast(JSON.stringify({ type: 'reminder', room: this.name, messages: this.messages.length } satisfies Outgoing));
  }

  onRequest(request: Request) {
    if (request.method === 'GET') return Response.json({ room: this.name, messages: this.messages });
    return new Response('Method not allowed', { status: 405 });
  }

  /** Called over RPC through getServerByName. */
  stats(user?: string) {
    return { room: this.name, connections: [...this.getConnections()].length, of: user ? [...this.getConnections(user)].length : undefined, messages: this.messages.length, startedAt: this.startedAt };
  }
}

/** Who is here: a room without hibernation, counting connections in memory and announcing each arrival and departure. */
export class Presence extends Server<Env> {
  onConnect(connection: Connection) {
    this.broadcast(JSON.stringify({ type: 'joined', id: connection.id, here: [...this.getConnections()].length }));
  }

  onMessage(connection: Connection, message: WSMessage) {
    if (message === 'who') connection.send(JSON.stringify({ type: 'here', ids: [...this.getConnections()].map((c) => c.id).sort() }));
  }

  onClose(connection: Connection) {
    this.broadcast(JSON.stringify({ type: 'left', id: connection.id }), [connection.id]);
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    const stats = /^\/api\/rooms\/([^/]+)$/.exec(url.pathname);
    if (stats) {
      const room = await getServerByName(env.Chat, decodeURIComponent(stats[1]!));
      return Response.json(await room.stats(url.searchParams.get('user') ?? undefined));
    }
    return (await routePartykitRequest(request, env, {
      // Rooms whose name starts with "private-" need the password; the refusal reaches the client as it is.
      onBeforeConnect: (req, lobby) => {
        if (lobby.name.startsWith('private-') && new URL(req.url).searchParams.get('password') !== 'open sesame') return new Response('Unauthorized', { status: 401 });
        return undefined;
      },
      cors: true,
    })) ?? new Response('Not Found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
