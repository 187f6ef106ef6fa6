import type { APIRoute } from 'astro';
import { Buffer } from 'node:buffer';

export const PUT: APIRoute = async ({ params, request, locals }) => {
  const text = await request.text();
  if (!text.trim()) return Response.json({ error: 'empty guide' }, { status: 400 });
  await locals.runtime.env.GUIDES.put(`guide:${params.slug}`, text);
  return Response.json({ slug: params.slug, bytes: Buffer.byteLength(text), etag: Buffer.from(text).toString('base64url').slice(0, 8) }, { status: 201 });
};

export const GET: APIRoute = async ({ params, locals }) => {
  const text = await locals.runtime.env.GUIDES.get(`guide:${params.slug}`);
  if (text === null) return Response.json({ error: 'not found' }, { status: 404 });
  return Response.json({ slug: params.slug, text, seen: await locals.runtime.env.GUIDES.get(`seen:${params.slug}`) });
};
