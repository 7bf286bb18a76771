import { useLingui } from '@lingui/react/macro';
import { termsSections } from './terms-content';
import './terms-text.css';

/** The terms, shown on /tncs and in the signup dialog. */
export function TermsText() {
  const { i18n } = useLingui();
  return (
    <div className="terms-text">
      {termsSections.map((section, index) => (
        <section key={section.heading.id}>
          <h2>
            {index + 1}. {i18n._(section.heading)}
          </h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph.id}>{i18n._(paragraph)}</p>
          ))}
        </section>
      ))}
    </div>
  );
}
