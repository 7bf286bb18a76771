import { useLingui } from '@lingui/react/macro';
import { type ReactNode, useId, useRef } from 'react';
import { useDialogFocus } from '@/lib/dialog-focus';
import './bottom-sheet.css';

type BottomSheetProps = { title: ReactNode; onClose: () => void; children: ReactNode };

/** A sheet rising from the bottom on mobile; its backdrop and Escape close it; focus moves in, stays in, returns. */
export function BottomSheet({ title, onClose, children }: BottomSheetProps) {
  const { t } = useLingui();
  const titleId = useId();
  const sheetRef = useRef<HTMLDivElement>(null);
  useDialogFocus(sheetRef, onClose);
  return (
    <div className="sheet-layer">
      <button type="button" className="sheet-backdrop" aria-label={t`Close`} onClick={onClose} />
      <div ref={sheetRef} className="sheet" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="sheet-handle" aria-hidden="true" />
        <h2 id={titleId} className="sheet-title">
          {title}
        </h2>
        {children}
      </div>
    </div>
  );
}
