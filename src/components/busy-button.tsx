import type { ComponentProps } from 'react';

type BusyButtonProps = ComponentProps<'button'> & {
  /** Its work is on its way: pressed again (or its form submitted by Enter) meanwhile, it does nothing. */
  busy: boolean;
};

/**
 * A button that stays focusable while its work is on its way: a disabled one drops the focus to the page, and a
 * keyboard user would then start again from the top. It says it is busy (`aria-busy`) and unavailable
 * (`aria-disabled`, styled as disabled) instead. A click while busy is cancelled, and with it a form's submission.
 */
export function BusyButton({ busy, onClick, ...props }: BusyButtonProps) {
  return (
    <button
      {...props}
      aria-disabled={busy || props['aria-disabled']}
      aria-busy={busy}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}
