// Writes ledge.schema.json from the zod configuration schema (the one definition).
import { writeFileSync } from 'node:fs';
import { toConfigJsonSchema } from '../src/config/schema.js';

writeFileSync(new URL('../ledge.schema.json', import.meta.url), `${JSON.stringify(toConfigJsonSchema(), null, 2)}\n`);
