import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type FaqEntry = { question: MessageDescriptor; answer: MessageDescriptor };

export const faqEntries: readonly FaqEntry[] = [
  {
    question: msg`What is Folio?`,
    answer: msg`Folio is a web app for learning a language by reading. You read graded texts and video transcripts in the language you are learning, tap any word to see its translation, and keep track of how well you know each word as you go. Flashcards are coming soon.`,
  },
  {
    question: msg`Which languages can I learn?`,
    answer: msg`You can read in English, Russian, German, French, Spanish, Korean, Italian and Hungarian. The interface itself is available in 19 languages. Choose your home language and the language you want to learn with the two pickers in the header.`,
  },
  {
    question: msg`How do I look up a word?`,
    answer: msg`Tap a word to see its translation into your home language. If you want to hear the word spoken too, switch on the Speak toggle.`,
  },
  {
    question: msg`What do the word colours mean?`,
    answer: msg`Each word has a knowledge level from 0 to 4: 0 means new, 1 is Beginner and 4 is Advanced. New words are blue, level 1 is pink, level 2 is yellow, level 3 is green and level 4 is near-white. When you change a word's level, every occurrence of that word is recoloured. If you prefer plain text, switch off the Levels toggle.`,
  },
  {
    question: msg`Are there keyboard shortcuts?`,
    answer: msg`Yes. Press 0 or y, 1 or u, 2 or i, 3 or o, or 4 or p to set the selected word's level from 0 to 4. Press l to move to the next word and h to go back to the previous one.`,
  },
  {
    question: msg`Do I need an account?`,
    answer: msg`No, visitors can browse and read freely. You need an account to save your word levels, your reading progress and your videos. Reading progress is kept for each page: press Read Next to carry on, and Finished on the last page.`,
  },
  {
    question: msg`What is the word limit, and how does it grow?`,
    answer: msg`Your word limit is the number of words you can save. It grows with your daily streak: you get 1 extra word for each streak day, or 5 with Pro Gold. A day counts towards your streak when you save a word level or finish a page.`,
  },
  {
    question: msg`What are coins and diamonds for?`,
    answer: msg`You can spend coins and diamonds in the Store on Word Limit and Video Limit boosts. If you want more diamonds, you can buy them in packs.`,
  },
  {
    question: msg`What do I get with Pro Gold?`,
    answer: msg`Pro Gold is a subscription. Each payment instantly adds 500 words to your word limit, your word reward for each streak day is 5 times bigger, and you can add extra videos each week.`,
  },
  {
    question: msg`Can I read my own YouTube videos?`,
    answer: msg`Yes. Add a YouTube link and Folio processes the transcript and shows it beside the player, so you can read along as you watch. The free plan processes 2 videos, and your video limit resets on a 7-day cycle. This feature is in alpha, so transcripts may sometimes be unavailable, inaccurate or incomplete.`,
  },
];
