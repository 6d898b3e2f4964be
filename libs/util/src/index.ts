export * from './phone';
export * from './date';
export * from './storage-key';
export * from './debounce';
export * from './poll';
export * from './card';
export * from './period';
export * from './sms-segments';
