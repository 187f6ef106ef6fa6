export default {
  // request: the incoming Request; env: this deployment's vars and bindings; ctx: waitUntil and friends.
  async fetch(request, env, ctx) {
    return new Response('Hello from Ledge\n', { headers: { 'content-type': 'text/plain; charset=utf-8' } });
  },
};
