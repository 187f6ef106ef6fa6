/** Limits of the object store, as existing application code expects them (reference: data-work.md, object store). */
export const OBJECT_LIMITS = {
  keyBytes: 1024,
  maxObjectBytes: 5 * 1024 * 1024 * 1024 - 5 * 1024 * 1024,
  metadataBytes: 2048,
  listLimit: 1000,
  minPartBytes: 5 * 1024 * 1024,
  maxPartNumber: 10000,
  /** Bodies travel between isolate and host in chunks of this size. */
  chunkBytes: 1024 * 1024,
} as const;

/** Error codes existing code matches on, with their messages. */
export const OBJECT_ERRORS = {
  InternalError: [10001, 'We encountered an internal error. Please try again.'],
  NoSuchKey: [10007, 'The specified key does not exist.'],
  EntityTooLarge: [100100, 'Your proposed upload exceeds the maximum allowed object size.'],
  EntityTooSmall: [10011, 'Your proposed upload is smaller than the minimum allowed object size.'],
  MetadataTooLarge: [10012, 'Your metadata headers exceed the maximum allowed metadata size.'],
  InvalidObjectName: [10020, 'The specified object name is not valid.'],
  InvalidMaxKeys: [10022, 'MaxKeys params must be positive integer <= 1000.'],
  NoSuchUpload: [10024, 'The specified multipart upload does not exist.'],
  InvalidPart: [10025, 'One or more of the specified parts could not be found.'],
  InvalidArgument: [10029, 'Invalid Argument'],
  PreconditionFailed: [10031, 'At least one of the pre-conditions you specified did not hold.'],
  BadDigest: [10037, 'The Content-MD5 you specified did not match what we received.'],
  InvalidRange: [10039, 'The requested range is not satisfiable'],
  BadUpload: [10048, 'There was a problem with the multipart upload.'],
} as const;

/** The text of an object-store error: `put: The specified object name is not valid. (10020)`. */
export function objectErrorText(action: string, name: keyof typeof OBJECT_ERRORS, detail?: string): string {
  const [code, message] = OBJECT_ERRORS[name];
  return `${action}: ${detail ?? message} (${code})`;
}
