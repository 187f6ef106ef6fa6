/**
 * The script every isolate's worker runs: the guard first (memory bound, and the outbound fetch that goes
 * to the host when the isolate has an egress port), then the isolate itself. ES modules evaluate their
 * imports in order, so application code never runs before the guard.
 */
import './isolate-guard.js';
import './isolate-main.js';
