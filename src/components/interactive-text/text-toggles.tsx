import { Trans } from '@lingui/react/macro';
import { usePreferences } from '@/stores/preferences';
import { AccessibleLevelsToggle } from './level-display';
import './text-toggles.css';

/**
 * The toggles of a text the learner reads, the reader's page or a transcript (spec §2: Levels and Speak), kept in
 * preferences, so both follow the same choice: level colours (and their colour-blind palette), speaking a tapped word.
 */
export function TextToggles() {
  const levelsShown = usePreferences((s) => s.levelsShown);
  const speechOn = usePreferences((s) => s.speechOn);
  const levelsToggled = usePreferences((s) => s.levelsToggled);
  const speechToggled = usePreferences((s) => s.speechToggled);
  return (
    <>
      <button type="button" className="toggle" aria-pressed={levelsShown} onClick={levelsToggled}>
        <Trans>Levels</Trans>
      </button>
      <AccessibleLevelsToggle />
      <button type="button" className="toggle" aria-pressed={speechOn} onClick={speechToggled}>
        <Trans>Speak</Trans>
      </button>
    </>
  );
}
