// A receiver of Ledge's issue notifications. `ledge/webhooks` checks, in order, that the
// `webhook-signature: t=<unix seconds>,v1=<hex>` header is there and well formed, that the signed time is within
// five minutes of now, that the HMAC-SHA256 of "<t>.<path>.<body>" matches the secret, and that this signature was
// not accepted before (the replay cache in WEBHOOK_SEEN). Only then is the body read.
import { createWebhookVerifier, webhookRefused } from 'ledge/webhooks';

let verify;

export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    if (url.pathname === '/notifications' && request.method === 'GET') {
      const listed = await env.NOTIFICATIONS.list();
      const all = await Promise.all(listed.keys.map(async (k) => JSON.parse(await env.NOTIFICATIONS.get(k.name))));
      return Response.json(all);
    }
    if (url.pathname !== '/hooks/issues') return new Response('not found', { status: 404 });
    if (request.method !== 'POST') return new Response('use POST', { status: 405, headers: { allow: 'POST' } });
    verify ??= createWebhookVerifier({ secret: env.WEBHOOK_SECRET, replay: env.WEBHOOK_SEEN, toleranceSeconds: 300 });
    let delivery;
    try {
      delivery = await verify(request);
    } catch (err) {
      console.log(`notification refused: ${err.code}`);
      return webhookRefused(err);
    }
    const notification = delivery.json();
    const key = `${request.headers.get('ledge-delivery') ?? globalThis.crypto.randomUUID()}`;
    await env.NOTIFICATIONS.put(key, JSON.stringify({ type: notification.type, deployment: notification.deployment, issue: notification.issue, occurrence: notification.occurrence }));
    console.log(`${notification.type}: ${notification.issue.type} at ${notification.issue.culprit} (${notification.issue.count} occurrences)`);
    return Response.json({ received: key });
  },
};
