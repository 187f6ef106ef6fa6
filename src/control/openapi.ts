import { z } from 'zod';
import { API_ERRORS } from './api-error.js';
import { API_BASE } from './api.js';
import type { RouteDefinition } from './router.js';

const INFO = z.object({ code: z.number().int().min(1000), message: z.string(), source: z.object({ pointer: z.string() }).optional() });

function schemaOf(schema: z.ZodType): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

function envelopeOf(result: Record<string, unknown>): Record<string, unknown> {
  return {
    type: 'object',
    required: ['success', 'errors', 'messages', 'result'],
    properties: {
      success: { type: 'boolean' },
      errors: { type: 'array', items: { $ref: '#/components/schemas/ResponseInfo' } },
      messages: { type: 'array', items: { $ref: '#/components/schemas/ResponseInfo' } },
      result,
      result_info: { $ref: '#/components/schemas/ResultInfo' },
    },
  };
}

/** The OpenAPI 3.1 document of the account API, made from the same schemas that validate requests. */
export function toOpenApi(routes: readonly RouteDefinition[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.removed !== undefined) continue;
    const parameters: unknown[] = [];
    for (const [where, schema] of [['path', route.params], ['query', route.query]] as const) {
      if (!schema) continue;
      const json = schemaOf(schema) as { properties?: Record<string, Record<string, unknown>>; required?: string[] };
      for (const [name, property] of Object.entries(json.properties ?? {})) {
        const { description, ...rest } = property;
        parameters.push({ name, in: where, required: where === 'path' || (json.required ?? []).includes(name), schema: rest, ...(description ? { description } : {}) });
      }
    }
    const status = String(route.status ?? 200);
    const operation: Record<string, unknown> = {
      operationId: route.id,
      summary: route.summary,
      tags: [route.id.split('.')[0]],
      ...(route.auth === 'none' ? { security: [] } : {}),
      ...(typeof route.auth === 'object' ? { 'x-permission': route.auth.group } : {}),
      ...(parameters.length ? { parameters } : {}),
      ...(route.body ? { requestBody: { required: true, content: { 'application/json': { schema: schemaOf(route.body) } } } } : {}),
      responses: {
        [status]: { description: 'Success', content: { 'application/json': { schema: envelopeOf(route.result ? schemaOf(route.result) : {}) } } },
        default: { description: 'Failure: success is false, errors says why', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
      },
    };
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  paths['/openapi.json'] = { get: { operationId: 'openapi', summary: 'This document', security: [], responses: { 200: { description: 'The OpenAPI document' } } } };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Ledge account API',
      version,
      description: `Every answer is an envelope { success, errors, messages, result, result_info? }. Error codes: ${Object.values(API_ERRORS).map((e) => `${e.code} (${e.status})`).join(', ')}. See docs/api.md.`,
    },
    servers: [{ url: API_BASE }],
    security: [{ bearer: [] }],
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'An account API token (ledge_...)' } },
      schemas: {
        ResponseInfo: schemaOf(INFO),
        ResultInfo: { type: 'object', properties: Object.fromEntries(['page', 'per_page', 'count', 'total_count', 'total_pages'].map((k) => [k, { type: 'integer' }])) },
        Failure: envelopeOf({ type: 'null' }),
      },
    },
    paths,
  };
}
