import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';

export type TermsSection = { heading: MessageDescriptor; paragraphs: readonly MessageDescriptor[] };

export const termsSections: readonly TermsSection[] = [
  {
    heading: msg`Accepting these terms`,
    paragraphs: [
      msg`These terms explain the rules for using Folio, a web app for learning a language by reading. By browsing, reading or creating an account on Folio, you agree to these terms.`,
      msg`If you do not agree with them, please do not use Folio.`,
    ],
  },
  {
    heading: msg`Who can use Folio`,
    paragraphs: [
      msg`You must be at least 13 years old to use Folio.`,
      msg`If you are under 18, you may only use Folio with the consent of a parent or guardian, who should read these terms with you. By using Folio, you confirm that you meet these requirements.`,
    ],
  },
  {
    heading: msg`Your account`,
    paragraphs: [
      msg`Visitors can browse and read without an account. You need an account to save your word levels, reading progress and videos.`,
      msg`Please give accurate details when you sign up and keep your login details secure. You are responsible for everything that happens under your account, so tell us promptly if you think someone else has accessed it.`,
    ],
  },
  {
    heading: msg`Acceptable use`,
    paragraphs: [
      msg`Please use Folio fairly and lawfully. You must not break the law while using Folio, try to access other people's accounts, interfere with or overload the service, or try to get around limits such as the word limit or video limit.`,
      msg`You must not copy, scrape or resell Folio's texts or features, or use automated tools to access Folio, unless we have agreed to it in writing.`,
    ],
  },
  {
    heading: msg`Videos you add`,
    paragraphs: [
      msg`You can add YouTube videos to Folio by pasting a link. Folio then processes the video's transcript and shows it beside the player.`,
      msg`You must only add videos that you have the right to use in this way. You are responsible for the links you add, and we may remove any video that we believe breaks these terms or someone else's rights.`,
    ],
  },
  {
    heading: msg`Purchases and subscriptions`,
    paragraphs: [
      msg`You can buy diamond packs and subscribe to Pro Gold. Payments are handled by a card payment provider, which processes your card details under its own terms.`,
      msg`Subscriptions renew automatically at the end of each billing period until you cancel. Cancelling stops future renewals.`,
      msg`Coins, diamonds and the boosts you spend them on are virtual items for use within Folio only. They have no cash value and cannot be exchanged for money or transferred to anyone else.`,
    ],
  },
  {
    heading: msg`Alpha status and no warranty`,
    paragraphs: [
      msg`Folio is in alpha. Features may change, break or be removed, and video transcripts may be unavailable, inaccurate or incomplete. Translations may also contain mistakes.`,
      msg`We provide Folio as it is and as available, without any promise that it will be error-free, uninterrupted or suitable for a particular purpose, except where the law says otherwise.`,
    ],
  },
  {
    heading: msg`Limitation of liability`,
    paragraphs: [
      msg`To the extent the law allows, we are not responsible for any indirect or unforeseeable loss, or for the loss of data, reading progress, saved words or virtual items caused by using or being unable to use Folio.`,
      msg`Nothing in these terms limits or excludes any liability that cannot be limited or excluded by law, such as liability for death or personal injury caused by negligence, or for fraud. Nothing in these terms affects your legal rights as a consumer.`,
    ],
  },
  {
    heading: msg`Ending your use of Folio`,
    paragraphs: [
      msg`You can stop using Folio at any time. If you have a subscription, remember to cancel it so that it does not renew.`,
      msg`We may suspend or close your account if you seriously or repeatedly break these terms. If we do, you may lose access to your saved words, progress, videos and virtual items.`,
    ],
  },
  {
    heading: msg`Changes to these terms`,
    paragraphs: [
      msg`We may update these terms from time to time, for example when we add features or the law changes. We will post the updated terms on Folio.`,
      msg`If you keep using Folio after the changes take effect, you accept the updated terms. If you do not agree with them, please stop using Folio.`,
    ],
  },
  {
    heading: msg`Governing law`,
    paragraphs: [
      msg`These terms are governed by the laws of England and Wales.`,
      msg`Any dispute relating to these terms or to Folio will be handled by the courts of England and Wales.`,
    ],
  },
  {
    heading: msg`Contact us`,
    paragraphs: [
      msg`If you have a question about these terms or about Folio, reach us through the community chat link or the Give feedback option in the app.`,
    ],
  },
];
