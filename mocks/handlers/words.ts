import { endpoints } from '@/contract/endpoints';
import { wordsOf } from '../db';
import { fail, ok, parseBody, requireUser, route } from './respond';

export const wordHandlers = [
  route(endpoints.userWords, ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    return ok(wordsOf(user));
  }),

  route(endpoints.saveUserWord, async ({ request }) => {
    const user = requireUser(request);
    if (user instanceof Response) return user;
    const word = await parseBody(request, endpoints.saveUserWord.body);
    if (word instanceof Response) return word;
    const words = wordsOf(user);
    const saved = words.find((item) => item.lowercase === word.lowercase && item.language === word.language);
    if (saved) {
      saved.level = word.level;
      return ok(saved);
    }
    if (words.length >= user.wordLimit) return fail(403, 'word_limit', "You've Reached Your Word Limit");
    words.push(word);
    return ok(word);
  }),
];
