// The tables, one file per area; drizzle reads every table exported here (db/database.ts).
export * from './subscriptions';
export * from './deliveries';
export * from './money';
export * from './staff';
export * from './operations';
export * from './notices';
export * from './texts';
export * from './figures';
