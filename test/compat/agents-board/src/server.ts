import { Agent, callable, getAgentByName, routeAgentRequest, type Connection, type Schedule, type StreamingResponse } from 'agents';
import { AgentWorkflow, type AgentWorkflowEvent, type AgentWorkflowStep } from 'agents/workflows';

type Env = { Board: DurableObjectNamespace<Board>; PROCESSING_WORKFLOW: Workflow };

/** What every connected client sees, kept in sync by the SDK. */
export type BoardState = { title: string; tasks: number; lastReminder: string | null; editedBy: string; ticks?: number };
export type Task = { id: number; text: string; done: number };

/** A task board: tasks in the agent's SQLite, a title and counters in its synced state, reminders on its schedule. */
export class Board extends Agent<Env, BoardState> {
  initialState: BoardState = { title: 'untitled', tasks: 0, lastReminder: null, editedBy: 'nobody' };
  startedAt = Date.now();

  onStart() {
    this.sql`CREATE TABLE IF NOT EXISTS tasks (id INTEGER PRIMARY KEY AUTOINCREMENT, text TEXT NOT NULL, done INTEGER NOT NULL DEFAULT 0)`;
    this.sql`CREATE TABLE IF NOT EXISTS reminders (id TEXT PRIMARY KEY, note TEXT NOT NULL, fired_at INTEGER NOT NULL)`;
    this.sql`CREATE TABLE IF NOT EXISTS renames (title TEXT PRIMARY KEY, at INTEGER NOT NULL)`;
    this.sql`CREATE TABLE IF NOT EXISTS processed (text TEXT NOT NULL, stage TEXT NOT NULL)`;
  }

  /** A client's setState is refused when it would rename the board to nothing. */
  validateStateChange(next: BoardState, source: Connection | 'server') {
    if (source !== 'server' && (typeof next.title !== 'string' || next.title.trim() === '')) throw new Error('a board needs a title');
  }

  /** Titles set by clients, kept as a log (the SDK calls this after it stored and broadcast the state). */
  onStateChanged(state: BoardState, source: Connection | 'server') {
    if (source !== 'server') this.sql`INSERT INTO renames (title, at) VALUES (${state.title}, ${Date.now()}) ON CONFLICT (title) DO NOTHING`;
  }

  @callable()
  addTask(text: string): Task {
    if (typeof text !== 'string' || text.trim() === '') throw new Error('a task needs some text');
    const [task] = this.sql<Task>`INSERT INTO tasks (text) VALUES (${text}) RETURNING id, text, done`;
    this.setState({ ...this.state, tasks: this.state.tasks + 1, editedBy: 'server' });
    return task!;
  }

  @callable()
  complete(id: number): Task {
    const [task] = this.sql<Task>`UPDATE tasks SET done = 1 WHERE id = ${id} RETURNING id, text, done`;
    if (!task) throw new RangeError(`no task ${id}`);
    return task;
  }

  @callable()
  listTasks(): Task[] {
    return this.sql<Task>`SELECT id, text, done FROM tasks ORDER BY id`;
  }

  /** Schedules `remind` after `seconds`; the SDK keeps the task in SQL and wakes the agent with an alarm. */
  @callable()
  async remindIn(seconds: number, note: string): Promise<string> {
    const schedule = await this.schedule(seconds, 'remind', { note });
    return schedule.id;
  }

  @callable()
  async pending(): Promise<number> {
    return (await this.listSchedules()).length;
  }

  /** An interval: `tick` runs every `seconds` until `stopTicking` cancels it; each tick is broadcast as state. */
  @callable()
  async startTicking(seconds: number): Promise<string> {
    const schedule = await this.scheduleEvery(seconds, 'tick');
    return schedule.id;
  }

  @callable()
  async stopTicking(id: string): Promise<boolean> {
    return this.cancelSchedule(id);
  }

  async tick() {
    this.setState({ ...this.state, ticks: (this.state.ticks ?? 0) + 1, editedBy: 'interval' });
  }

  /** Background work: the SDK keeps the task in SQL and runs it after the call has answered. */
  @callable()
  async archiveLater(note: string): Promise<string> {
    return this.queue('archive', { note });
  }

  async archive(payload: { note: string }) {
    this.sql`INSERT INTO reminders (id, note, fired_at) VALUES (${`archived:${payload.note}`}, ${`archived ${payload.note}`}, ${Date.now()})`;
  }

  /** Starts a workflow (tracked by the SDK in this agent's SQL); it calls back saveResult, then onWorkflowComplete runs. */
  @callable()
  async process(text: string): Promise<string> {
    return this.runWorkflow('PROCESSING_WORKFLOW', { text });
  }

  /** Called by the workflow over Durable Object RPC (this.agent in AgentWorkflow). */
  async saveResult(text: string) {
    this.sql`INSERT INTO processed (text, stage) VALUES (${text}, ${'saved'})`;
  }

  async onWorkflowComplete(_name: string, _id: string, result: unknown) {
    this.sql`INSERT INTO processed (text, stage) VALUES (${String(result)}, ${'complete'})`;
  }

  /** A streaming callable: chunks reach the client as they are sent, then the final value. */
  @callable({ streaming: true })
  countdown(stream: StreamingResponse, from: number) {
    for (let n = from; n > 0; n--) stream.send(n);
    stream.end('liftoff');
  }

  async remind(payload: { note: string }, schedule: Schedule<{ note: string }>) {
    this.sql`INSERT INTO reminders (id, note, fired_at) VALUES (${schedule.id}, ${payload.note}, ${Date.now()})`;
    this.setState({ ...this.state, lastReminder: payload.note, editedBy: 'schedule' });
  }

  /** Not callable from clients: reached from the worker over Durable Object RPC (getAgentByName). */
  summary() {
    return {
      name: this.name,
      startedAt: this.startedAt,
      state: this.state,
      tasks: this.sql<{ n: number }>`SELECT count(*) AS n FROM tasks`[0]?.n ?? 0,
      reminders: this.sql<{ note: string }>`SELECT note FROM reminders ORDER BY fired_at, id`.map((r) => r.note),
      renames: this.sql<{ title: string }>`SELECT title FROM renames ORDER BY at, title`.map((r) => r.title),
      processed: this.sql<{ text: string; stage: string }>`SELECT text, stage FROM processed ORDER BY rowid`.map((r) => `${r.stage}:${r.text}`),
      connections: [...this.getConnections()].length,
    };
  }

  /** Plain HTTP to /agents/board/<name> (agentFetch). */
  async onRequest(request: Request) {
    if (request.method === 'GET') return Response.json({ name: this.name, tasks: this.listTasks() });
    return new Response('Method not allowed', { status: 405 });
  }
}

/** A durable workflow started by the agent: a step, progress reported back, a result saved through the agent. */
export class ProcessingWorkflow extends AgentWorkflow<Board, { text: string }> {
  async run(event: AgentWorkflowEvent<{ text: string }>, step: AgentWorkflowStep) {
    const upper = await step.do('upper', async () => event.payload.text.toUpperCase());
    await this.reportProgress({ step: 'upper', status: 'complete', percent: 0.5 });
    await step.do('save', async () => { await this.agent.saveResult(upper); });
    await step.reportComplete(upper);
    return upper;
  }
}

export default {
  async fetch(request: Request, env: Env) {
    const url = new URL(request.url);
    const summary = /^\/api\/boards\/([\w-]+)$/.exec(url.pathname);
    if (summary) {
      const board = await getAgentByName(env.Board, summary[1]!);
      return Response.json(await board.summary());
    }
    return (await routeAgentRequest(request, env)) ?? new Response('Not found', { status: 404 });
  },
} satisfies ExportedHandler<Env>;
