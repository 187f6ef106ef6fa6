import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { VectorIndex, type QueryOptions, type VectorInput } from '../../bindings/vectors/binding.js';
import { VECTOR_LIMITS } from '../../bindings/vectors/limits.js';
import type { VectorsProtocol } from '../../bindings/vectors/protocol.js';
import { typedCall } from '../../bindings/protocol.js';
import type { VectorAdmin, VectorIndexView } from '../../bindings/vectors/admin.js';
import { METADATA_INDEX_TYPES, METRICS } from '../../bindings/vectors/schema.js';
import { LedgeError } from '../../platform/errors.js';
import { accountPath, formatTable, openPlatform, type PlatformOptions } from '../api-client.js';
import { parseInteger } from '../options.js';
import { localOptions, printJson, withLocalPlatform, type LocalOptions } from '../local.js';

type Options = LocalOptions & PlatformOptions & { remote?: boolean };

const out = (text: string) => process.stdout.write(text);

/** The same operations through the account API of `ledge serve` (`--remote`). */
async function remoteOps(opts: Options): Promise<VectorAdmin> {
  const session = await openPlatform(opts, false);
  const base = (...segments: string[]) => accountPath(session.account.id, 'vectors', 'indexes', ...segments);
  const request = async <T>(method: string, path: string, body?: unknown) => (await session.client.request<T>(method, path, body)).result;
  return {
    create: (input) => request('POST', base(), { name: input.name, description: input.description, config: { dimensions: input.dimensions, metric: input.metric } }),
    list: () => request('GET', base()),
    get: (name) => request('GET', base(name)),
    delete: async (name) => { await request('DELETE', base(name)); },
    createMetadataIndex: (name, propertyName, indexType) => request('POST', base(name, 'metadata_index', 'create'), { propertyName, indexType }),
    listMetadataIndexes: (name) => request('GET', base(name, 'metadata_index', 'list')),
    deleteMetadataIndex: (name, propertyName) => request('POST', base(name, 'metadata_index', 'delete'), { propertyName }),
  };
}

/** Runs `work` on the project's local state (what `ledge dev` uses), or on the account API with `--remote`. */
async function withOps(opts: Options, work: (ops: VectorAdmin) => Promise<void>): Promise<void> {
  if (opts.remote) {
    if (opts.state !== undefined) throw new LedgeError('bad_argument', '--state names local state; it cannot go with --remote');
    return work(await remoteOps(opts));
  }
  return withLocalPlatform(opts, (platform) => work(platform.vectors));
}

/** Both places a command can act on. */
function options(command: Command): Command {
  return localOptions(command)
    .option('--remote', 'act on the account API of ledge serve (ledge login) instead of the local state')
    .option('--account <id>', 'with --remote: the account to act on');
}

function describe(index: VectorIndexView): string {
  return `${index.name}: ${index.config.dimensions} dimensions, ${index.config.metric}, ${index.vectorCount} vectors${index.description ? ` (${index.description})` : ''}\n`
    + `created ${index.created_on}, last mutation ${index.processedUpToMutation ?? 'none'}${index.processedUpToDatetime ? ` at ${index.processedUpToDatetime}` : ''}\n`;
}

/** `ledge vectors create | list | get | delete | create-metadata-index | list-metadata-indexes | delete-metadata-index` (alias `ledge vectorize`). */
export function registerVectors(program: Command): void {
  const vectors = program.command('vectors').alias('vectorize')
    .description("a project's vector indexes: create them with their dimensions and metric, list, inspect and delete them, and manage their metadata indexes (local state, or --remote)");

  options(vectors.command('create').description('create a vector index').argument('<name>', 'index name (lowercase letters, digits, - and _)'))
    .requiredOption('--dimensions <n>', 'how many values each vector has (1-1536)', (v: string) => parseInteger('--dimensions', v))
    .requiredOption('--metric <metric>', `how distance is measured: ${METRICS.join(', ')}`)
    .option('--description <text>', 'a description for people')
    .action((name: string, opts: Options & { dimensions: number; metric: string; description?: string }) => withOps(opts, async (ops) => {
      if (!(METRICS as readonly string[]).includes(opts.metric)) throw new LedgeError('bad_argument', `--metric: expected ${METRICS.join(', ')}; got "${opts.metric}"`);
      const index = await ops.create({ name, dimensions: opts.dimensions, metric: opts.metric, description: opts.description });
      if (opts.json) return printJson(index);
      out(`created vector index ${index.name} (${index.config.dimensions} dimensions, ${index.config.metric}); bind it with "vector_indexes": [{ "binding": "VECTORS", "index_name": "${index.name}" }]\n`);
    }));

  options(vectors.command('list').description('every vector index, with its dimensions, metric and vector count'))
    .action((opts: Options) => withOps(opts, async (ops) => {
      const list = await ops.list();
      if (opts.json) return printJson(list);
      if (!list.length) return void out('no vector indexes; create one with "ledge vectors create <name> --dimensions N --metric cosine"\n');
      out(formatTable(['NAME', 'DIMENSIONS', 'METRIC', 'VECTORS', 'CREATED', 'DESCRIPTION'], list.map((i) => [i.name, String(i.config.dimensions), i.config.metric, String(i.vectorCount), i.created_on, i.description])));
    }));

  options(vectors.command('get').description('one vector index: its configuration, count and last mutation').argument('<name>', 'index name'))
    .action((name: string, opts: Options) => withOps(opts, async (ops) => {
      const index = await ops.get(name);
      if (opts.json) return printJson(index);
      out(describe(index));
    }));

  options(vectors.command('delete').description('delete a vector index and its vectors').argument('<name>', 'index name'))
    .action((name: string, opts: Options) => withOps(opts, async (ops) => {
      await ops.delete(name);
      if (opts.json) return printJson({ name, deleted: true });
      out(`deleted vector index ${name}\n`);
    }));

  options(vectors.command('create-metadata-index').description('index a metadata property so queries can filter on it (vectors written from now on)').argument('<name>', 'index name'))
    .requiredOption('--property-name <property>', 'the metadata property (a dot names a nested one: "author.name")')
    .requiredOption('--type <type>', `its value type: ${METADATA_INDEX_TYPES.join(', ')}`)
    .action((name: string, opts: Options & { propertyName: string; type: string }) => withOps(opts, async (ops) => {
      const done = await ops.createMetadataIndex(name, opts.propertyName, opts.type);
      if (opts.json) return printJson(done);
      out(`created metadata index ${opts.propertyName} (${opts.type}) on ${name}; vectors written before now are not in it: upsert them again to filter on them\n`);
    }));

  options(vectors.command('list-metadata-indexes').description("a vector index's metadata indexes").argument('<name>', 'index name'))
    .action((name: string, opts: Options) => withOps(opts, async (ops) => {
      const { metadataIndexes } = await ops.listMetadataIndexes(name);
      if (opts.json) return printJson({ metadataIndexes });
      if (!metadataIndexes.length) return void out(`${name} has no metadata indexes\n`);
      out(formatTable(['PROPERTY', 'TYPE'], metadataIndexes.map((m) => [m.propertyName, m.indexType])));
    }));

  options(vectors.command('delete-metadata-index').description('stop indexing a metadata property').argument('<name>', 'index name'))
    .requiredOption('--property-name <property>', 'the metadata property')
    .action((name: string, opts: Options & { propertyName: string }) => withOps(opts, async (ops) => {
      const done = await ops.deleteMetadataIndex(name, opts.propertyName);
      if (opts.json) return printJson(done);
      out(`deleted metadata index ${opts.propertyName} of ${name}\n`);
    }));

  registerVectorData(vectors);
}

/** JSON from an option, or a refusal naming the option. */
function jsonOption(value: string, option: string): unknown {
  try {
    return JSON.parse(value) as unknown;
  } catch (err) {
    throw new LedgeError('bad_argument', `${option}: not valid JSON (${(err as Error).message})`);
  }
}

/** The vectors of an NDJSON file, one `{ id, values, namespace?, metadata? }` a line; a bad line is refused naming it. */
function readVectors(file: string): VectorInput[] {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new LedgeError('bad_argument', `--file: cannot read "${file}" (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`);
  }
  return text.split('\n').flatMap((line, i) => {
    if (line.trim() === '') return [];
    try {
      return [JSON.parse(line) as VectorInput];
    } catch (err) {
      throw new LedgeError('bad_argument', `--file: line ${i + 1} is not JSON (${(err as Error).message}); expected one { "id", "values", "namespace"?, "metadata"? } a line`);
    }
  });
}

/** Data commands work on the local state, through the same checks a binding makes; on ledge serve, deployments do that. */
function localIndex(opts: Options, name: string, work: (index: VectorIndex) => Promise<void>): Promise<void> {
  if (opts.remote) throw new LedgeError('bad_argument', '--remote: vectors are written and queried by deployments through their bindings; the account API manages indexes only (create, list, get, delete, metadata indexes)');
  return withLocalPlatform(opts, async (platform) => {
    await platform.vectors.get(name);
    const service = platform.vectorIndex(name);
    await work(new VectorIndex(typedCall<VectorsProtocol>((method, args) => service.call(method, args))));
  });
}

/** `ledge vectors insert | upsert | query | get-vectors | delete-vectors` on the local state: what a binding does, from the command line. */
function registerVectorData(vectors: Command): void {
  for (const mode of ['insert', 'upsert'] as const) {
    options(vectors.command(mode).description(mode === 'insert' ? 'write vectors from an NDJSON file, keeping stored ones of the same id' : 'write vectors from an NDJSON file, replacing stored ones of the same id').argument('<name>', 'index name'))
      .requiredOption('--file <file>', 'NDJSON: one { "id", "values", "namespace"?, "metadata"? } a line')
      .action((name: string, opts: Options & { file: string }) => localIndex(opts, name, async (index) => {
        const all = readVectors(opts.file);
        const mutations: string[] = [];
        // In the binding's batches: each is one transaction.
        for (let i = 0; i < all.length; i += VECTOR_LIMITS.writeBatch) mutations.push((await index[mode](all.slice(i, i + VECTOR_LIMITS.writeBatch))).mutationId);
        if (opts.json) return printJson({ count: all.length, mutationIds: mutations });
        out(`${mode === 'insert' ? 'inserted' : 'upserted'} ${all.length} vectors into ${name} (${mutations.length} mutation${mutations.length === 1 ? '' : 's'})\n`);
      }));
  }

  options(vectors.command('query').description('the nearest vectors to --vector (or to the stored vector --id), with the filter applied first').argument('<name>', 'index name'))
    .option('--vector <json>', 'the query vector as a JSON array of numbers')
    .option('--id <id>', 'query with the stored vector of this id instead')
    .option('--top-k <n>', 'how many matches (default 5)', (v: string) => parseInteger('--top-k', v))
    .option('--namespace <ns>', 'only this namespace')
    .option('--filter <json>', 'a metadata filter, e.g. {"genre":"jazz"}')
    .option('--return-values', 'include each match\'s values')
    .option('--return-metadata <level>', 'none, indexed or all (default none)')
    .action((name: string, opts: Options & { vector?: string; id?: string; topK?: number; namespace?: string; filter?: string; returnValues?: boolean; returnMetadata?: string }) => localIndex(opts, name, async (index) => {
      if ((opts.vector === undefined) === (opts.id === undefined)) throw new LedgeError('bad_argument', 'give the query as --vector JSON or --id ID (one of them)');
      const query: QueryOptions = {
        topK: opts.topK, namespace: opts.namespace, returnValues: opts.returnValues === true,
        returnMetadata: opts.returnMetadata as QueryOptions['returnMetadata'], filter: opts.filter === undefined ? undefined : jsonOption(opts.filter, '--filter') as Record<string, unknown>,
      };
      const found = opts.id !== undefined ? await index.queryById(opts.id, query) : await index.query(jsonOption(opts.vector as string, '--vector') as number[], query);
      if (opts.json) return printJson(found);
      if (!found.matches.length) return void out('no matches\n');
      out(formatTable(['ID', 'SCORE', 'NAMESPACE', 'METADATA'], found.matches.map((m) => [String(m.id), String(m.score), String(m.namespace ?? ''), m.metadata === undefined ? '' : JSON.stringify(m.metadata)])));
    }));

  options(vectors.command('get-vectors').description('the stored vectors of these ids').argument('<name>', 'index name').argument('<ids...>', 'vector ids'))
    .action((name: string, ids: string[], opts: Options) => localIndex(opts, name, async (index) => {
      printJson(await index.getByIds(ids));
    }));

  options(vectors.command('delete-vectors').description('delete the vectors of these ids').argument('<name>', 'index name').argument('<ids...>', 'vector ids'))
    .action((name: string, ids: string[], opts: Options) => localIndex(opts, name, async (index) => {
      const { mutationId } = await index.deleteByIds(ids);
      if (opts.json) return printJson({ mutationId });
      out(`deleted ${ids.length} id${ids.length === 1 ? '' : 's'} from ${name}\n`);
    }));
}
