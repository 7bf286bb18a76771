import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';
import { interfaceLocales } from './src/contract/languages.ts';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...interfaceLocales],
  fallbackLocales: { default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src'],
      exclude: ['**/*.test.*', '**/routeTree.gen.ts'],
    },
  ],
  format: formatter({ lineNumbers: false }),
  orderBy: 'messageId',
});
