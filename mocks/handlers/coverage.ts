import { maxNewWordsListed } from '@/contract/constants';
import {
  compareNewWords,
  countsOf,
  coverageOf,
  idsOf,
  newWordsCoverage,
  pairsOf,
  phraseGains,
  phraseOccurrences,
  type RankedNewWord,
  vocabularyOf,
  writtenFormsOf,
} from '@/contract/coverage';
import { endpoints } from '@/contract/endpoints';
import type { Section } from '@/contract/entities';
import type { LearningLanguage } from '@/contract/languages';
import { isPhrase } from '@/contract/phrases';
import { type MockUser, scopedWordOf, videosOf, wordsOf } from '../db';
import { transcriptOf } from '../fixtures/transcript';
import { readableText } from '../readable';
import { fail, ok, parseParams, queryOf, requireUser, route } from './respond';

/** The learner's counts for some sections, with the vocabulary and levels they came from. */
function countsFor(user: MockUser, language: LearningLanguage, sections: readonly Section[]) {
  const saved = wordsOf(user).filter((word) => word.language === language);
  const levels = new Map(saved.map((word) => [word.lowercase, word.level]));
  const vocabulary = vocabularyOf(sections.flatMap((section) => section.tokens));
  const levelOf = (lowercase: string) => levels.get(lowercase);
  const pairs = pairsOf(sections);
  const phrases = saved
    .filter((word) => isPhrase(word.lowercase))
    .map(({ lowercase, level }) => ({ lowercase, level, occurrences: phraseOccurrences(lowercase, pairs) }));
  return { vocabulary, levelOf, counts: phraseGains(countsOf(vocabulary, levelOf), phrases, levelOf) };
}

/** The transcript of one of the learner's videos (none yet while it is processing); undefined when not theirs. */
function videoSections(user: MockUser, language: LearningLanguage, videoId: string): Section[] | undefined {
  const library = videosOf(user);
  const isVideo = (video: { videoId: string; language: string }) =>
    video.videoId === videoId && video.language === language;
  if (library.videos.some(isVideo)) return transcriptOf(videoId);
  return library.processing.some(isVideo) ? [] : undefined;
}

/** Each id's figures in the order asked; undefined (a 404) when one of them is not the learner's. */
function figuresOf(
  user: MockUser,
  language: LearningLanguage,
  ids: readonly string[],
  sectionsOf: (id: string) => Section[] | undefined,
) {
  const answer = [];
  for (const id of ids) {
    const sections = sectionsOf(id);
    if (!sections) return undefined;
    answer.push({ id, ...coverageOf(countsFor(user, language, sections).counts) });
  }
  return answer;
}

export const coverageHandlers = [
  route(endpoints.textCoverage, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.textCoverage.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), endpoints.textCoverage.query);
    if (query instanceof Response) return query;
    const answer = figuresOf(user, parsed.targetLang, idsOf(query.ids), (id) =>
      readableText(parsed.targetLang, Number(id), user),
    );
    if (!answer) return fail(404, 'not_found', 'This text does not exist');
    return ok(answer.map(({ id, ...figures }) => ({ id: Number(id), ...figures })));
  }),

  route(endpoints.videoCoverage, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.videoCoverage.params);
    if (parsed instanceof Response) return parsed;
    const query = parseParams(queryOf(request), endpoints.videoCoverage.query);
    if (query instanceof Response) return query;
    const answer = figuresOf(user, parsed.targetLang, idsOf(query.ids), (id) =>
      videoSections(user, parsed.targetLang, id),
    );
    if (!answer) return fail(404, 'not_found', 'This video does not exist');
    return ok(answer.map(({ id, ...figures }) => ({ videoId: id, ...figures })));
  }),

  route(endpoints.textNewWords, ({ request, params }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const parsed = parseParams(params, endpoints.textNewWords.params);
    if (parsed instanceof Response) return parsed;
    const sections = readableText(parsed.targetLang, parsed.contentId, user);
    if (!sections) return fail(404, 'not_found', 'This text does not exist');
    const { vocabulary, levelOf, counts } = countsFor(user, parsed.targetLang, sections);
    const writtenForms = writtenFormsOf(sections);
    const ranked: RankedNewWord[] = [...vocabulary]
      .filter(([lowercase]) => (levelOf(lowercase) ?? 0) === 0)
      .map(([lowercase, occurrences]): RankedNewWord => {
        const written = writtenForms.get(lowercase);
        const word = { lowercase, ...(written ? { written } : {}), occurrences };
        if (levelOf(lowercase) !== 0) return { ...word, level: null };
        // A saved word at level 0 comes with the learner's own meaning and note, when written.
        const {
          level: _level,
          language: _language,
          ...own
        } = scopedWordOf(user, {
          lowercase,
          level: 0,
          language: parsed.targetLang,
        });
        return { ...own, ...word, level: 0 };
      });
    ranked.sort(compareNewWords);
    return ok({ coverage: coverageOf(counts), words: newWordsCoverage(counts, ranked.slice(0, maxNewWordsListed)) });
  }),
];
