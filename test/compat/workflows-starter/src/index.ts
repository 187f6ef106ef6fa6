// <docs-tag name="full-workflow-example">
import { WorkflowEntrypoint, WorkflowStep, WorkflowEvent } from 'cloudflare:workers';
import { NonRetryableError } from 'cloudflare:workflows';

/**
 * Welcome to Cloudflare Workers! This is your first Workflows application.
 *
 * - Run `npm run dev` in your terminal to start a development server
 * - Open a browser tab at http://localhost:8787/ to see your Workflow in action
 * - Run `npm run deploy` to publish your application
 *
 * Learn more at https://developers.cloudflare.com/workflows
 */

// User-defined params passed to your Workflow
type Params = {
	email: string;
	metadata: Record<string, string>;
	/** How many times the flaky write fails before it succeeds (the template rolls a die instead). */
	failures?: number;
};

type Approval = { approved: boolean; by: string };

type Env = {
	MY_WORKFLOW: Workflow<Params>;
	ATTEMPTS: KVNamespace;
};

export class MyWorkflow extends WorkflowEntrypoint<Env, Params> {
	async run(event: WorkflowEvent<Params>, step: WorkflowStep) {
		// Can access bindings on `this.env`
		// Can access params on `event.payload`

		const files = await step.do('my first step', async () => {
			// Fetch a list of files from $SOME_SERVICE
			return {
				inputParams: event.payload,
				files: [
					'doc_7392_rev3.pdf',
					'report_x29_final.pdf',
					'memo_2024_05_12.pdf',
					'file_089_update.pdf',
					'proj_alpha_v2.pdf',
					'data_analysis_q2.pdf',
					'notes_meeting_52.pdf',
					'summary_fy24_draft.pdf',
				],
			};
		});

		// The template fetches a public API here; this one hashes the list (no network in the suite).
		const digest = await step.do('some other step', async () => {
			const bytes = new TextEncoder().encode(files.files.join('\n'));
			const hash = await crypto.subtle.digest('SHA-256', bytes);
			return [...new Uint8Array(hash)].map((b) => b.toString(16).padStart(2, '0')).join('');
		});

		await step.sleep('wait on something', '2 seconds');

		const attempts = await step.do(
			'make a call to write that could maybe, just might, fail',
			// Define a retry strategy
			{
				retries: {
					limit: 5,
					delay: '1 second',
					backoff: 'exponential',
				},
				timeout: '15 minutes',
			},
			async () => {
				// Each attempt is counted outside the workflow, as a call to a real storage system would be.
				const key = `attempts:${event.instanceId}`;
				const attempt = Number((await this.env.ATTEMPTS.get(key)) ?? '0') + 1;
				await this.env.ATTEMPTS.put(key, String(attempt));
				if (attempt <= (event.payload.failures ?? 0)) {
					throw new Error(`API call to $STORAGE_SYSTEM failed (attempt ${attempt})`);
				}
				return attempt;
			},
		);

		const approval = await step.waitForEvent<Approval>('request-approval', {
			type: 'approval', // define an optional key to switch on
			timeout: '1 minute', // keep it short for the example!
		});

		await step.do('act on the approval', async () => {
			if (!approval.payload.approved) {
				// Retrying cannot change a human's answer.
				throw new NonRetryableError(`rejected by ${approval.payload.by}`);
			}
		});

		return { email: event.payload.email, files: files.files.length, digest, attempts, approvedBy: approval.payload.by };
	}
}
// </docs-tag name="full-workflow-example">

// <docs-tag name="workflows-fetch-handler">
export default {
	async fetch(req: Request, env: Env): Promise<Response> {
		let url = new URL(req.url);

		if (url.pathname.startsWith('/favicon')) {
			return Response.json({}, { status: 404 });
		}

		// Send an event to a waiting instance
		if (url.pathname === '/approve' && req.method === 'POST') {
			const id = url.searchParams.get('instanceId');
			if (!id) return Response.json({ error: 'instanceId is required' }, { status: 400 });
			try {
				const instance = await env.MY_WORKFLOW.get(id);
				await instance.sendEvent({ type: 'approval', payload: await req.json<Approval>() });
				return Response.json({ sent: true });
			} catch (err) {
				return Response.json({ error: (err as Error).message }, { status: 404 });
			}
		}

		// Get the status of an existing instance, if provided
		// GET /?instanceId=<id here>
		let id = url.searchParams.get('instanceId');
		if (id) {
			try {
				let instance = await env.MY_WORKFLOW.get(id);
				return Response.json({
					status: await instance.status(),
				});
			} catch (err) {
				return Response.json({ error: (err as Error).message }, { status: 404 });
			}
		}

		// Spawn a new instance and return the ID and status
		const params: Params = req.method === 'POST' ? await req.json<Params>() : { email: 'user@example.com', metadata: {} };
		try {
			let instance = await env.MY_WORKFLOW.create({ id: url.searchParams.get('id') ?? undefined, params });
			return Response.json({
				id: instance.id,
				details: await instance.status(),
			});
		} catch (err) {
			return Response.json({ error: (err as Error).message }, { status: 409 });
		}
	},
};
// </docs-tag name="workflows-fetch-handler">
