import { timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is stored with its zone and read as a Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
