import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { FlashcardsScreen } from '@/features/flashcards/flashcards-screen';

export const Route = createFileRoute('/flashcards')({
  staticData: { title: msg`Flashcards`, catalog: 'lazy' },
  component: FlashcardsScreen,
});
