import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useEffect, useId } from 'react';

type BottomSheetProps = { title: ReactNode; onClose: () => void; children: ReactNode };

/** A sheet rising from the bottom on mobile; its backdrop and Escape close it. */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const { t } = useLingui();
  const titleId = useId();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [onClose]);
  return (
    <div className="sheet-layer">
      <button type="button" className="sheet-backdrop" aria-label={t`Close`} onClick={onClose} />
      <div className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="sheet-handle" aria-hidden="true" />
        <h2 id={titleId} className="sheet-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
