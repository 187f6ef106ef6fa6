export default defineEventHandler(async (event) => {
  const { COUNTS } = event.context.cloudflare.env;
  const next = Number((await COUNTS.get('n')) ?? 0) + 1;
  await COUNTS.put('n', String(next));
  return { count: next };
});
