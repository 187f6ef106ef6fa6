/**
 * The runtime's WebSocket, as coordination objects need it (bindings/coordination/websockets-isolate.ts):
 * holding the object's end of a pair for hibernation, making hibernated sockets again after an eviction, joining
 * a returned end to the isolate's sockets, and the stand-in a caller returns for a socket the host holds.
 */
import type { ObjectSocketSupport } from '../../bindings/coordination/websockets-isolate.js';
import type { IsolateSockets } from './isolate-sockets.js';
import { WebSocket, socketInternals } from './socket.js';

/** The support the isolate installs once, joined to its socket registry. */
export function createObjectSocketSupport(registry: IsolateSockets): ObjectSocketSupport {
  const internals = socketInternals();
  return {
    isSocket: (value): value is object => value instanceof WebSocket,
    peerOf: (socket) => internals.peerOf(socket as WebSocket),
    attach: (client) => registry.attach(client),
    release: (client) => { internals.detach(client as WebSocket); },
    hold: (server, transport, onAttach) => internals.hold(server as WebSocket, transport, onAttach),
    revive: (transport, onAttach, attachment) => internals.revive(transport, onAttach, attachment),
    markClosed: (socket) => internals.markClosed(socket as WebSocket),
    handoff: (token) => internals.handoff(token),
    gateArrivals: (socket, gate) => internals.gateArrivals(socket as WebSocket, gate),
  };
}
