import { useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import { GraduationCap, MessageCircle } from 'lucide-react';
import { hiddenHomeLanguages, type LearningLanguage, learningLanguages } from '@/contract/languages';
import { usePreferences } from '@/stores/preferences';
import { type MenuName, useUi } from '@/stores/ui';
import { learningLanguageNames } from '../language-names';
import './dropdown.css';
import './language-picker.css';

type LanguagePickerProps = { kind: 'target' | 'home' };

/**
 * The home picker hides Hungarian, Korean and the chosen target language; the target picker hides the
 * chosen target. Picking sets the language, goes to / and resets the browsing state (spec §2).
 */
export function LanguagePicker({ kind }: LanguagePickerProps) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const menu: MenuName = kind;
  const open = useUi((s) => s.openMenu === menu);
  const menuToggled = useUi((s) => s.menuToggled);
  const menusClosed = useUi((s) => s.menusClosed);
  const subCategorySelected = useUi((s) => s.subCategorySelected);
  const homeLang = usePreferences((s) => s.homeLang);
  const targetLang = usePreferences((s) => s.targetLang);
  const homeLangPicked = usePreferences((s) => s.homeLangPicked);
  const targetLangSwitched = usePreferences((s) => s.targetLangSwitched);

  const current = kind === 'target' ? targetLang : homeLang;
  const choices = learningLanguages.filter((lang) =>
    kind === 'target'
      ? lang !== targetLang
      : !hiddenHomeLanguages.includes(lang) && lang !== targetLang && lang !== homeLang,
  );
  const label = kind === 'target' ? t`Language you are learning` : t`Your language`;
  const caption = kind === 'target' ? t`Learning` : t`I speak`;

  const pick = (lang: LearningLanguage) => {
    if (kind === 'target') targetLangSwitched(lang);
    else homeLangPicked(lang);
    subCategorySelected(0);
    menusClosed();
    void navigate({ to: '/' });
  };

  return (
    <div className="menu-anchor">
      <button
        type="button"
        className="language-button"
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => menuToggled(menu)}
      >
        {kind === 'target' ? (
          <GraduationCap className="language-icon" size={16} aria-hidden="true" />
        ) : (
          <MessageCircle className="language-icon" size={16} aria-hidden="true" />
        )}
        <span className="language-caption">{caption}</span>{' '}
        <span className="language-code">{current.toUpperCase()}</span>
        <span className="visually-hidden"> ({i18n._(learningLanguageNames[current])})</span>
      </button>
      {open ? (
        <ul className="dropdown" aria-label={label}>
          {choices.map((lang) => (
            <li key={lang}>
              <button type="button" className="dropdown-item" onClick={() => pick(lang)}>
                <span className="language-code">{lang.toUpperCase()}</span> {i18n._(learningLanguageNames[lang])}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
