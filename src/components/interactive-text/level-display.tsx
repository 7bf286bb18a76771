import { Trans } from '@lingui/react/macro';
import { usePreferences } from '@/stores/preferences';

/**
 * How levels show on the text around an interactive text (the reader's page, a transcript): coloured, plain
 * (`levels-off`), or in the colour-blind-safe palette with a line style per level (`levels-accessible`), so colour is
 * never the only signal of a level.
 */
export function useLevelDisplayClass(): string {
  const levelsShown = usePreferences((s) => s.levelsShown);
  const accessibleLevels = usePreferences((s) => s.accessibleLevels);
  if (!levelsShown) return 'levels-off';
  return accessibleLevels ? 'levels-accessible' : '';
}

/** The toggle of the colour-blind-safe palette, kept in preferences. */
export function AccessibleLevelsToggle() {
  const accessibleLevels = usePreferences((s) => s.accessibleLevels);
  const toggled = usePreferences((s) => s.accessibleLevelsToggled);
  return (
    <button type="button" className="toggle" aria-pressed={accessibleLevels} onClick={toggled}>
      <Trans>Colour-blind palette</Trans>
    </button>
  );
}
