import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { interfaceLocales } from './src/contract/languages.ts';

const notInterface = ['**/*.test.*', '**/routeTree.gen.ts'];
/**
 * The code of screens loaded on demand (the routes with `staticData.catalog: 'lazy'`): their strings live in a
 * second catalog per locale, `lazy.po`, loaded with the screen, so the first load carries only the shell's, the
 * library's and the reader's. A string used on both sides is in both catalogs.
 */
const lazyScreens = [
  '<rootDir>/src/features/account',
  '<rootDir>/src/features/admin',
  '<rootDir>/src/features/flashcards',
  '<rootDir>/src/features/info',
  '<rootDir>/src/features/learn',
  '<rootDir>/src/features/store',
  '<rootDir>/src/features/video',
  '<rootDir>/src/features/vocabulary',
  '<rootDir>/src/components/terms-content.ts',
  '<rootDir>/src/components/layout/notifications-list.tsx',
  '<rootDir>/src/components/layout/notification-text.ts',
  '<rootDir>/src/components/interactive-text/word-dialogs.tsx',
  '<rootDir>/src/components/interactive-text/add-to-flashcards.ts',
  '<rootDir>/src/components/interactive-text/meaning-dialog.tsx',
  '<rootDir>/src/components/interactive-text/parent-dialog.tsx',
  '<rootDir>/src/components/interactive-text/family-level-offer.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...interfaceLocales],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: [...notInterface, ...lazyScreens.map((path) => (path.endsWith('.ts') ? path : `${path}/**`))],
    },
    { path: '<rootDir>/src/locales/{locale}/lazy', include: lazyScreens, exclude: notInterface },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
