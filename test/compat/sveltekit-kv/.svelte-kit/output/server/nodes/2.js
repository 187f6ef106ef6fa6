import * as server from '../entries/pages/_page.server.ts.js';

export const index = 2;
let component_cache;
export const component = async () => component_cache ??= (await import('../entries/pages/_page.svelte.js')).default;
export { server };
export const server_id = "src/routes/+page.server.ts";
export const imports = ["_app/immutable/nodes/2.1XDSxaAQ.js","_app/immutable/chunks/BO_2B7Lf.js","_app/immutable/chunks/CG_yP17v.js","_app/immutable/chunks/BOF7q5yf.js","_app/immutable/chunks/BvjwTegq.js","_app/immutable/chunks/DCBw7KGm.js","_app/immutable/chunks/EM62iICF.js"];
export const stylesheets = [];
export const fonts = [];
