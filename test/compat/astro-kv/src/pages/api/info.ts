import type { APIRoute } from 'astro';

// Settings read the Node way, as a library written for Node reads them (nodejs_compat fills process.env).
export const GET: APIRoute = () => Response.json({ title: process.env.SITE_TITLE ?? null, mode: import.meta.env.MODE });
