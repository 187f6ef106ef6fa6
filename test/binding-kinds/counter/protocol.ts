import { z } from 'zod';
import type { CallSchemas } from '../../../src/bindings/protocol.js';

/** The calls of the throwaway counter kind. */
export interface CounterProtocol {
  add: { args: [by: number]; result: number };
  read: { args: []; result: number };
}

/** What the host checks each counter call against. */
export const COUNTER_CALLS = {
  add: z.tuple([z.number().int()]),
  read: z.tuple([]),
} satisfies CallSchemas<CounterProtocol>;
