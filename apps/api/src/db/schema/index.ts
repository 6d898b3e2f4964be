/**
 * The database's tables, declared by area (one file an area, so a newcomer finds the dialer's tables
 * beside nothing else). Code imports them from here ('../db/schema'); drizzle-kit reads this index.
 */
export * from './accounts';
export * from './account-security';
export * from './feature-flags';
export * from './helps';
export * from './catalogs';
export * from './contacts';
export * from './jobs';
export * from './imports';
export * from './transfers';
export * from './print';
export * from './idempotency';
export * from './telephony-plans';
export * from './billing';
export * from './vendors';
export * from './sandboxes';
export * from './campaign-triggers';
export * from './consent';
