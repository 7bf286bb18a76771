import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderComponent } from '@/test/render-component';
import { BusyButton } from './busy-button';

function SendForm({ busy, onSend }: { busy: boolean; onSend: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend();
      }}
    >
      <input aria-label="Name" />
      <BusyButton type="submit" busy={busy}>
        Send
      </BusyButton>
    </form>
  );
}

describe('a busy button', () => {
  it('sends its form when it is not busy', async () => {
    const onSend = vi.fn();
    const { user } = await renderComponent(<SendForm busy={false} onSend={onSend} />);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
  });

  it('sends nothing while busy, by a press or by Enter, and stays focusable, saying it is busy', async () => {
    const onSend = vi.fn();
    const { user } = await renderComponent(<SendForm busy onSend={onSend} />);
    await user.type(screen.getByLabelText('Name'), 'x{Enter}');
    const send = screen.getByRole('button', { name: 'Send' });
    await user.click(send);
    expect(onSend).not.toHaveBeenCalled();
    expect(send).toHaveFocus();
    expect(send).toHaveAttribute('aria-disabled', 'true');
    expect(send).toHaveAttribute('aria-busy', 'true');
  });
});
