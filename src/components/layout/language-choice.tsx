import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { homeLanguages, type LearningLanguage, learningLanguageSchema, learningLanguages } from '@/contract/languages';
import { useNeedsLanguageChoice, usePreferences } from '@/stores/preferences';
import { useUi } from '@/stores/ui';
import { learningLanguageNames } from '../language-names';
import { Modal } from '../modal';
import './language-choice.css';

function withLanguage(value: string, use: (lang: LearningLanguage) => void) {
  const parsed = learningLanguageSchema.safeParse(value);
  if (parsed.success) use(parsed.data);
}

const isReadingPath = (path: string) => path === '/' || path.startsWith('/reader/') || path.startsWith('/youtube');
const otherThan = (lang: LearningLanguage): LearningLanguage => (lang === 'en' ? 'es' : 'en');

/** The first visit's "I speak / I want to learn" choice, over the first screen that has something to read. */
export function LanguageChoice() {
  const needed = useNeedsLanguageChoice();
  const onReadingPath = useRouterState({ select: (state) => isReadingPath(state.location.pathname) });
  return needed && onReadingPath ? <LanguageChoiceDialog /> : null;
}

function LanguageChoiceDialog() {
  const { t, i18n } = useLingui();
  const id = useId();
  const navigate = useNavigate();
  const currentTarget = usePreferences((s) => s.targetLang);
  const currentHome = usePreferences((s) => s.homeLang);
  const languageChoiceMade = usePreferences((s) => s.languageChoiceMade);
  const subCategorySelected = useUi((s) => s.subCategorySelected);
  // Over a link to a text, the text's language is the one to learn: Start keeps the text open.
  const onText = useRouterState({ select: (state) => state.location.pathname.startsWith('/reader/') });
  const [homeLang, setHomeLang] = useState<LearningLanguage>(
    onText && currentHome === currentTarget ? otherThan(currentTarget) : currentHome,
  );
  const [targetLang, setTargetLang] = useState<LearningLanguage>(
    onText || currentTarget !== currentHome ? currentTarget : otherThan(currentHome),
  );
  const targets = learningLanguages.filter((lang) => lang !== homeLang);

  const pickHome = (lang: LearningLanguage) => {
    setHomeLang(lang);
    if (lang === targetLang) setTargetLang(otherThan(lang));
  };
  const start = (event: FormEvent) => {
    event.preventDefault();
    languageChoiceMade({ homeLang, targetLang });
    if (targetLang !== currentTarget) {
      subCategorySelected(0);
      void navigate({ to: '/' });
    }
  };
  const skip = () => languageChoiceMade(null);

  return (
    <Modal title={t`Welcome to Folio`} onClose={skip}>
      <form className="language-choice" onSubmit={start}>
        <p>
          <Trans>
            Which language do you speak, and which one do you want to learn? Tap any word to see it in yours.
          </Trans>
        </p>
        <label htmlFor={`${id}-home`}>
          <Trans>I speak</Trans>
        </label>
        <select id={`${id}-home`} value={homeLang} onChange={(event) => withLanguage(event.target.value, pickHome)}>
          {homeLanguages.map((lang) => (
            <option key={lang} value={lang}>
              {i18n._(learningLanguageNames[lang])}
            </option>
          ))}
        </select>
        <label htmlFor={`${id}-target`}>
          <Trans>I want to learn</Trans>
        </label>
        <select
          id={`${id}-target`}
          value={targetLang}
          onChange={(event) => withLanguage(event.target.value, setTargetLang)}
        >
          {targets.map((lang) => (
            <option key={lang} value={lang}>
              {i18n._(learningLanguageNames[lang])}
            </option>
          ))}
        </select>
        <div className="dialog-actions">
          <button type="button" className="button button-secondary" onClick={skip}>
            <Trans>Not now</Trans>
          </button>
          <button type="submit" className="button button-primary">
            <Trans>Start</Trans>
          </button>
        </div>
      </form>
    </Modal>
  );
}
