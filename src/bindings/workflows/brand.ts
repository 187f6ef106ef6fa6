/**
 * Marks NonRetryableError (and subclasses) on the prototype: the run (run.ts) tells it apart without sharing
 * the class the application bundles (`ledge:workflows`, runtime/modules/workflows.ts). A registered symbol, so
 * both copies of this module, the isolate's and the bundle's, agree on it.
 */
export const NON_RETRYABLE_BRAND = Symbol.for('ledge.workflows.non-retryable');
