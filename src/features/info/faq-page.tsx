import { Trans, useLingui } from '@lingui/react/macro';
import { faqEntries } from './faq-content';
import './prose.css';
import './faq-page.css';

export function FaqPage() {
  const { i18n } = useLingui();
  return (
    <section className="page prose">
      <h1>
        <Trans>Frequently asked questions</Trans>
      </h1>
      {faqEntries.map((entry) => (
        <details key={entry.question.id} className="faq-entry">
          <summary>{i18n._(entry.question)}</summary>
          <p>{i18n._(entry.answer)}</p>
        </details>
      ))}
    </section>
  );
}
