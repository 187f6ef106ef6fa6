globalThis.process ??= {}; globalThis.process.env ??= {};
export { a as page } from '../chunks/image-endpoint_BWQbUA5_.mjs';
export { renderers } from '../renderers.mjs';
