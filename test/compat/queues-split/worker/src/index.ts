/** The back-end worker: consumes the jobs the API queued, and answers the API's status questions. */
interface Env {
	RESULTS: KVNamespace;
}

interface Job {
	id: string;
	image: string;
	sizes: number[];
}

export default {
	async fetch(request, env): Promise<Response> {
		const match = new URL(request.url).pathname.match(/^\/status\/([\w-]+)$/);
		if (!match) return new Response('Not found', { status: 404 });
		const result = await env.RESULTS.get(`job:${match[1]}`, 'json');
		return Response.json(result ?? { id: match[1], status: 'pending' });
	},

	async queue(batch, env): Promise<void> {
		for (const message of batch.messages) {
			const job = message.body;
			const thumbnails = job.sizes.map((size) => `${job.image.replace(/\.\w+$/, '')}-${size}w.webp`);
			await env.RESULTS.put(`job:${job.id}`, JSON.stringify({ id: job.id, status: 'done', thumbnails, attempts: message.attempts, queue: batch.queue }));
			message.ack();
		}
	},
} satisfies ExportedHandler<Env, Job>;
