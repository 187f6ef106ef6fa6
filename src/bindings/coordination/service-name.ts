/** The host-side service under which an isolate's instances reach their storage (not a valid binding name, so no binding can shadow it). Loaded by the isolate. */
export const OBJECT_STORAGE_SERVICE = '#objects';
