// Rendered once, at build time: served as a file, without the worker.
export const prerender = true;
