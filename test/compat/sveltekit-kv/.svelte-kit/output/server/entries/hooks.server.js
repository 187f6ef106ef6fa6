import { b as building } from "../chunks/internal.js";
const handle = async ({ event, resolve }) => {
  const response = await resolve(event);
  response.headers.set("x-rendered-by", "sveltekit");
  if (!building && event.platform) {
    const kv = event.platform.env.GUESTBOOK;
    event.platform.ctx.waitUntil(
      (async () => {
        const visits = Number(await kv.get("visits") ?? "0") + 1;
        await kv.put("visits", String(visits));
      })()
    );
  }
  return response;
};
export {
  handle
};
