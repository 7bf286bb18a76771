import { wholeWordPattern } from '@/lib/written-form';

/** A stretch of a card's sentence, the word itself marked. */
export type SentencePart = { text: string; marked: boolean };

/**
 * The sentence a word was saved in, cut around each occurrence of the word (whatever its case, a whole word only:
 * "cat" is not marked inside "catch"). Plain text throughout: the screen renders the parts as text, never as HTML.
 */
export function sentenceParts(sentence: string, lowercase: string): SentencePart[] {
  const word = lowercase.trim();
  if (word === '') return [{ text: sentence, marked: false }];
  const parts: SentencePart[] = [];
  let from = 0;
  for (const match of sentence.matchAll(wholeWordPattern(word))) {
    if (match.index > from) parts.push({ text: sentence.slice(from, match.index), marked: false });
    parts.push({ text: match[0], marked: true });
    from = match.index + match[0].length;
  }
  if (from < sentence.length) parts.push({ text: sentence.slice(from), marked: false });
  return parts;
}

type IntervalUnit = 'minute' | 'hour' | 'day' | 'month' | 'year';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** How long until a grade's next due date, in the one unit that reads best: 10 min, 5 h, 3 days, 2 mths, 1.5 yrs. */
export function intervalOf(ms: number): { value: number; unit: IntervalUnit } {
  const span = Math.max(ms, minute);
  if (span < hour) return { value: Math.round(span / minute), unit: 'minute' };
  if (span < day) return { value: Math.round(span / hour), unit: 'hour' };
  if (span < 30 * day) return { value: Math.round(span / day), unit: 'day' };
  if (span < 365 * day) return { value: Math.round(span / (30 * day)), unit: 'month' };
  return { value: Math.round((span / (365 * day)) * 10) / 10, unit: 'year' };
}

const intervalFormats = new Map<string, Intl.NumberFormat>();

/** An interval worded in the interface's language by Intl ("10 min", "3 days", "2 Mon.", "3 дн."). */
export function formatInterval(ms: number, locale: string): string {
  const { value, unit } = intervalOf(ms);
  const key = `${locale}:${unit}`;
  let format = intervalFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 });
    intervalFormats.set(key, format);
  }
  return format.format(value);
}
