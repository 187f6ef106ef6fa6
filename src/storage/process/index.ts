export { createProcessSqlStorage, sqlTimeLimitMessage, type ProcessSqlStorage, type ProcessSqlStorageOptions } from './sql-process-storage.js';
export { StoreProcess, STORE_PROCESS_DEFAULTS, type StoreProcessOptions } from './store-process.js';
export { createProcessCoordinationStorage, coordinationTimeLimitMessage, COORDINATION_STOPPED_MESSAGE, type ProcessCoordinationStorage, type ProcessCoordinationStorageOptions } from './coordination-process-storage.js';
