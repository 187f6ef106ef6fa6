// Writes ledge.schema.json from the zod configuration schema and docs/openapi.json from the account API's route schemas (each the one definition).
import { writeFileSync } from 'node:fs';
import { toConfigJsonSchema } from '../src/config/schema.js';
import { controlOpenApi } from '../src/control/index.js';

writeFileSync(new URL('../ledge.schema.json', import.meta.url), `${JSON.stringify(toConfigJsonSchema(), null, 2)}\n`);
writeFileSync(new URL('../docs/openapi.json', import.meta.url), `${JSON.stringify(controlOpenApi(), null, 2)}\n`);
