export { createProcessSqlStorage, sqlTimeLimitMessage, type ProcessSqlStorage, type ProcessSqlStorageOptions } from './sql-process-storage.js';
export { StoreProcess, STORE_PROCESS_DEFAULTS, type StoreProcessOptions } from './store-process.js';
