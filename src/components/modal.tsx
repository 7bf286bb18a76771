import { useLingui } from '@lingui/react/macro';
import { X } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { useDialogFocus } from '@/lib/dialog-focus';
import './modal.css';

type ModalProps = {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
};

/** A modal dialog with a close X, click-away and Escape closing; focus moves in, stays in, and returns on close. */
export function Modal({ title, onClose, children }: ModalProps) {
  const { t } = useLingui();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useDialogFocus(dialogRef, onClose);

  return (
    <div className="modal-layer">
      <button type="button" className="modal-backdrop" aria-label={t`Close`} tabIndex={-1} onClick={onClose} />
      <div ref={dialogRef} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="icon-button" aria-label={t`Close`} onClick={onClose}>
            <X size={20} aria-hidden="true" />
          </button>
        </div>
        <div className="modal-body">{children}</div>
      </div>
    </div>
  );
}
