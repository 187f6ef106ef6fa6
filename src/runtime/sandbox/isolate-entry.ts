/**
 * The script every isolate worker inside a sandbox runs: its port speaks the channel's compact bytes
 * (isolate-port.ts), then the same isolate entry as a thread isolate (the guard, then the isolate). ES modules
 * evaluate their imports in order, so the guard wraps the port's postMessage after this does.
 */
import './isolate-port.js';
import '../isolate-entry.js';
