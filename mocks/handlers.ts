import type { HttpHandler } from 'msw';
import { accountHandlers } from './handlers/account';
import { adminHandlers } from './handlers/admin';
import { contentHandlers } from './handlers/content';
import { coverageHandlers } from './handlers/coverage';
import { flashcardHandlers } from './handlers/flashcards';
import { importHandlers } from './handlers/imports';
import { libraryHandlers } from './handlers/library';
import { notificationHandlers } from './handlers/notifications';
import { paymentHandlers } from './handlers/payments';
import { progressHandlers } from './handlers/progress';
import { translationHandlers } from './handlers/translations';
import { userPageHandlers } from './handlers/user-pages';
import { videoHandlers } from './handlers/videos';
import { vocabularyHandlers } from './handlers/vocabulary';
import { wordImportHandlers } from './handlers/word-imports';
import { wordHandlers } from './handlers/words';

/** One handler per call of the contract. */
export const handlers: HttpHandler[] = [
  ...accountHandlers,
  ...contentHandlers,
  ...wordHandlers,
  ...translationHandlers,
  ...videoHandlers,
  ...userPageHandlers,
  ...notificationHandlers,
  ...paymentHandlers,
  ...importHandlers,
  ...adminHandlers,
  ...libraryHandlers,
  ...coverageHandlers,
  ...vocabularyHandlers,
  ...wordImportHandlers,
  ...progressHandlers,
  ...flashcardHandlers,
];
