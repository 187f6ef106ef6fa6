/** The public API: accepts jobs onto the queue at once, and asks the consumer worker how they went. */
interface Env {
	JOBS: Queue<Job>;
	THUMBS: Fetcher;
}

interface Job {
	id: string;
	image: string;
	sizes: number[];
}

export default {
	async fetch(request, env): Promise<Response> {
		const url = new URL(request.url);
		if (url.pathname === '/jobs' && request.method === 'POST') {
			const { image, sizes } = await request.json<{ image?: string; sizes?: number[] }>();
			if (!image || !Array.isArray(sizes) || sizes.length === 0) return Response.json({ error: 'image and sizes are required' }, { status: 400 });
			const job: Job = { id: crypto.randomUUID(), image, sizes };
			await env.JOBS.send(job);
			return Response.json({ id: job.id, status: 'queued' }, { status: 202 });
		}
		const match = url.pathname.match(/^\/jobs\/([\w-]+)$/);
		if (match) return env.THUMBS.fetch(`https://thumbs-worker/status/${match[1]}`);
		return new Response('Not found', { status: 404 });
	},
} satisfies ExportedHandler<Env>;
