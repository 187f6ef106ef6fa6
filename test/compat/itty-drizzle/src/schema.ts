import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const links = sqliteTable('links', {
  id: text('id').primaryKey(),
  url: text('url').notNull(),
  owner: text('owner').notNull(),
  clicks: integer('clicks').notNull().default(0),
  createdAt: integer('created_at', { mode: 'timestamp' }).notNull(),
});

export const stats = sqliteTable('stats', {
  name: text('name').primaryKey(),
  value: integer('value').notNull(),
});
