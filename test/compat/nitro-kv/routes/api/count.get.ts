export default defineEventHandler(async (event) => {
  const { env } = event.context.cloudflare;
  return { count: Number((await env.COUNTS.get('n')) ?? 0), greeting: env.GREETING, fromProcess: process.env.GREETING ?? null, runtimeConfig: useRuntimeConfig(event).greeting ?? null };
});
