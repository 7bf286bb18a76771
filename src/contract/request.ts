/** What every call of the API shares, apart from the endpoints themselves (`endpoints.ts` re-exports it). */
export const API_BASE = '/api/v1';
/** The learner's IANA time zone, sent with every call so learning days follow their clock; UTC when absent. */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** Fills `:name` segments, e.g. pathOf('/content/:targetLang', { targetLang: 'de' }) → '/content/de'. */
export function pathOf(template: string, params: Record<string, string | number> = {}): string {
  return template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}
