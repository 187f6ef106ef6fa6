/**
 * The script every isolate worker inside a sandbox runs: its own connection to the host (isolate-channel.ts),
 * then the same isolate entry as a thread isolate (the guard, then the isolate). ES modules evaluate their
 * imports in order, so the channel is in place before the guard wraps the port and before any application code.
 */
import './isolate-channel.js';
import '../isolate-entry.js';
