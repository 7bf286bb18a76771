import { sql } from 'drizzle-orm';
import type { Db } from '../db/types.ts';
import { ApiError } from '../http/errors.ts';

export type RateRule = { name: string; limit: number; windowSeconds: number };

/**
 * A fixed-window counter in PostgreSQL, so every server process shares it. Throws a 429 envelope with
 * Retry-After once the key has been hit more than `limit` times in the window.
 */
export async function enforceRateLimit(db: Db, rule: RateRule, subject: string, now: Date): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const windowStart = new Date(now.getTime() - rule.windowSeconds * 1000);
  const result = await db.execute<{ hits: number; window_start: Date | string }>(sql`
    insert into rate_limits (key, hits, window_start) values (${key}, 1, ${now})
    on conflict (key) do update set
      hits = case when rate_limits.window_start <= ${windowStart} then 1 else rate_limits.hits + 1 end,
      window_start = case when rate_limits.window_start <= ${windowStart} then ${now} else rate_limits.window_start end
    returning hits, window_start`);
  const row = result.rows[0];
  if (!row || row.hits <= rule.limit) return;
  const resetAt = new Date(row.window_start).getTime() + rule.windowSeconds * 1000;
  const retryAfter = Math.max(1, Math.ceil((resetAt - now.getTime()) / 1000));
  throw new ApiError(429, [{ error: 'Too many attempts, please wait a moment and try again', code: 'rate_limited' }], {
    'retry-after': String(retryAfter),
  });
}
