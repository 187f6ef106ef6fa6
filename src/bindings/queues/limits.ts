/** Queue limits as the edge documents them (1 KB = 1000 bytes). */
export const QUEUE_LIMITS = {
  /** Largest message body, in bytes, metadata included. */
  maxMessageBytes: 128_000,
  /** Bytes of metadata counted with each message. */
  metadataBytes: 100,
  /** Messages in one sendBatch and in one delivered batch. */
  maxBatchSize: 100,
  /** Total bytes of one sendBatch. */
  maxBatchBytes: 256_000,
  /** Longest delivery or retry delay: 12 hours. */
  maxDelaySeconds: 43_200,
} as const;
