import { routePartykitRequest, type Connection } from 'partyserver';
import { YServer } from 'y-partyserver';
import * as Y from 'yjs';

type Env = { Notes: DurableObjectNamespace<Notes> };

/** A shared document per room, edited by Yjs clients; its state is kept in the room's SQLite. */
export class Notes extends YServer<Env> {
  static options = { hibernate: true };
  static callbackOptions = { debounceWait: 100, debounceMaxWait: 500 };

  async onLoad() {
    this.ctx.storage.sql.exec('CREATE TABLE IF NOT EXISTS documents (name TEXT PRIMARY KEY, state BLOB NOT NULL)');
    const row = this.ctx.storage.sql.exec<{ state: ArrayBuffer }>('SELECT state FROM documents WHERE name = ?', this.name).toArray()[0];
    if (row) Y.applyUpdate(this.document, new Uint8Array(row.state));
  }

  async onSave() {
    const state = Y.encodeStateAsUpdate(this.document);
    this.ctx.storage.sql.exec('INSERT INTO documents (name, state) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET state = excluded.state', this.name, state);
  }

  onCustomMessage(connection: Connection, message: string) {
    if (message === 'length') this.sendCustomMessage(connection, String(this.document.getText('body').length));
  }

  onRequest(request: Request) {
    return Response.json({ room: this.name, body: this.document.getText('body').toString() });
  }
}

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    return (await routePartykitRequest(request, env)) ?? new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
