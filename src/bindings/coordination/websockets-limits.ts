/** Limits of WebSockets held by coordination objects (reference §4.5); loaded by the isolate, so nothing is imported here. */
/** Tags one hibernatable socket may carry. */
export const MAX_TAGS_PER_SOCKET = 10;
/** Characters in one tag. */
export const MAX_TAG_LENGTH = 256;
/** Characters in an auto-response's request or response. */
export const MAX_AUTO_RESPONSE_CHARS = 2048;
/** Bytes of a socket's serialised attachment. */
export const MAX_ATTACHMENT_BYTES = 16_384;
/** Hibernatable sockets one object may hold at once. */
export const MAX_SOCKETS_PER_OBJECT = 32_768;
/** Longest `setHibernatableWebSocketEventTimeout` (7 days). */
export const MAX_EVENT_TIMEOUT_MS = 604_800_000;
/** Largest message either way (the same as every WebSocket, docs/websockets.md). */
export const MAX_OBJECT_SOCKET_MESSAGE_BYTES = 1024 * 1024;
