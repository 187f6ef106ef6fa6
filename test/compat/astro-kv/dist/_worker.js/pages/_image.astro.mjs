globalThis.process ??= {}; globalThis.process.env ??= {};
export { a as page } from '../chunks/image-endpoint_Cz9CJDBw.mjs';
export { renderers } from '../renderers.mjs';
