/**
 * The JavaScript built-ins the original platform's V8 has and Node 20's lacks (docs/runtime.md, "Global scope"):
 * iterator helpers (`map.values().filter(...)`, ES2025), `Promise.withResolvers` (ES2024), `Object.groupBy` and
 * `Map.groupBy` (ES2024), `Array.fromAsync` (ES2025) and the set methods (`union`, `intersection`, ..., ES2025).
 * Libraries written for the platform use them unguarded (PartyServer's connection list filters a Map iterator), so
 * the isolate adds them. Importing this module installs them in the importing thread, each only where the engine
 * lacks it (core-js checks first), so on Node 22 and later the native ones stay.
 */
import 'core-js/modules/es.iterator.constructor.js';
import 'core-js/modules/es.iterator.drop.js';
import 'core-js/modules/es.iterator.every.js';
import 'core-js/modules/es.iterator.filter.js';
import 'core-js/modules/es.iterator.find.js';
import 'core-js/modules/es.iterator.flat-map.js';
import 'core-js/modules/es.iterator.for-each.js';
import 'core-js/modules/es.iterator.from.js';
import 'core-js/modules/es.iterator.map.js';
import 'core-js/modules/es.iterator.reduce.js';
import 'core-js/modules/es.iterator.some.js';
import 'core-js/modules/es.iterator.take.js';
import 'core-js/modules/es.iterator.to-array.js';
import 'core-js/modules/es.promise.with-resolvers.js';
import 'core-js/modules/es.object.group-by.js';
import 'core-js/modules/es.map.group-by.js';
import 'core-js/modules/es.array.from-async.js';
import 'core-js/modules/es.set.union.v2.js';
import 'core-js/modules/es.set.intersection.v2.js';
import 'core-js/modules/es.set.difference.v2.js';
import 'core-js/modules/es.set.symmetric-difference.v2.js';
import 'core-js/modules/es.set.is-subset-of.v2.js';
import 'core-js/modules/es.set.is-superset-of.v2.js';
import 'core-js/modules/es.set.is-disjoint-from.v2.js';

// core-js keeps its shared state under a global name; its modules hold their own reference to it, so the name is
// removed to leave the application the original's global scope.
delete (globalThis as Record<string, unknown>)['__core-js_shared__'];
