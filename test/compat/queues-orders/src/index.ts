/**
 * An order intake on Queues, as the original platform's queue template and docs write one: the fetch handler
 * produces (send, sendBatch), queue() consumes in batches and decides per message (ack, retry with or without
 * a delay), and a message that uses up its retries lands in a dead-letter queue whose own consumer records it.
 */

interface Env {
	ORDERS: Queue<Order>;
	LEDGER: KVNamespace;
}

interface Order {
	id: string;
	item: string;
	qty: number;
	/** The warehouse answers "busy" to the first N deliveries of this order. */
	busyFor?: number;
	/** The warehouse never takes it. */
	poison?: boolean;
}

/** One delivery as the consumer saw it. */
interface Delivery {
	messageId: string;
	attempts: number;
	batchSize: number;
	queue: string;
	outcome: 'shipped' | 'retried' | 'dead';
}

async function record(env: Env, order: Order, delivery: Delivery): Promise<void> {
	await env.LEDGER.put(`delivery:${order.id}:${delivery.queue}:${delivery.attempts}`, JSON.stringify(delivery));
}

export default {
	async fetch(req, env): Promise<Response> {
		const url = new URL(req.url);

		if (url.pathname === '/orders' && req.method === 'POST') {
			const body = await req.json<Order | Order[]>();
			if (Array.isArray(body)) {
				await env.ORDERS.sendBatch(body.map((order) => ({ body: order })));
				return Response.json({ queued: body.length }, { status: 202 });
			}
			await env.ORDERS.send(body);
			return Response.json({ queued: 1 }, { status: 202 });
		}

		const match = url.pathname.match(/^\/orders\/([\w-]+)$/);
		if (match && req.method === 'GET') {
			const listed = await env.LEDGER.list({ prefix: `delivery:${match[1]}:` });
			const deliveries = await Promise.all(listed.keys.map(async (k) => JSON.parse((await env.LEDGER.get(k.name)) ?? 'null') as Delivery));
			return Response.json({ deliveries });
		}

		return new Response('Not found', { status: 404 });
	},

	async queue(batch, env): Promise<void> {
		if (batch.queue === 'orders-dlq') {
			for (const message of batch.messages) {
				await record(env, message.body, { messageId: message.id, attempts: message.attempts, batchSize: batch.messages.length, queue: batch.queue, outcome: 'dead' });
				console.log(`order ${message.body.id} needs a person: it failed every delivery`);
			}
			batch.ackAll();
			return;
		}

		for (const message of batch.messages) {
			const order = message.body;
			const delivery = { messageId: message.id, attempts: message.attempts, batchSize: batch.messages.length, queue: batch.queue };
			if (order.poison) {
				// No delay given: the consumer's retry_delay with its back-off applies.
				await record(env, order, { ...delivery, outcome: 'retried' });
				message.retry();
			} else if (message.attempts <= (order.busyFor ?? 0)) {
				await record(env, order, { ...delivery, outcome: 'retried' });
				message.retry({ delaySeconds: 1 });
			} else {
				await record(env, order, { ...delivery, outcome: 'shipped' });
				message.ack();
				// A later call on a decided message has no effect.
				message.retry();
			}
		}
	},
} satisfies ExportedHandler<Env, Order>;
