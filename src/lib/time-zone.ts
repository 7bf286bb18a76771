declare const Temporal: { Now: { timeZoneId(): string } } | undefined;

/**
 * The browser's IANA time zone. Temporal names it without a date formatter, whose first construction loads ICU's
 * date data in a long task while the app starts (docs/decisions/0023); browsers without Temporal ask Intl.
 */
export function browserTimeZone(): string {
  if (typeof Temporal !== 'undefined') return Temporal.Now.timeZoneId();
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
