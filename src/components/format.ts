/** Coin and diamond counts abbreviated with K and M (spec §9): 950, 1.2K, 12K, 3.4M. */
export function abbreviateCount(value: number): string {
  const format = (n: number, suffix: string) => `${n >= 10 ? Math.floor(n) : Math.floor(n * 10) / 10}${suffix}`;
  if (value >= 1_000_000) return format(value / 1_000_000, 'M');
  if (value >= 1_000) return format(value / 1_000, 'K');
  return String(value);
}

export type UsageLevel = 'low' | 'medium' | 'high';

/** Words used against the limit: green under 50 %, amber under 80 %, red above. */
export function usageLevel(used: number, limit: number): UsageLevel {
  const ratio = limit > 0 ? used / limit : 1;
  if (ratio < 0.5) return 'low';
  if (ratio < 0.8) return 'medium';
  return 'high';
}

export function isProActive(pro: { endDate: string | null }, now = Date.now()): boolean {
  return pro.endDate !== null && Date.parse(pro.endDate) > now;
}
