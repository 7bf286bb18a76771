import { screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderComponent } from '@/test/render-component';
import { BottomSheet } from './bottom-sheet';
import { Modal } from './modal';

function Opener({ kind }: { kind: 'modal' | 'sheet' }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  // A new function on every render, as a parent typically passes.
  const close = () => setOpen(false);
  const body = (
    <>
      <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
      <button type="button">Save</button>
    </>
  );
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <button type="button">Behind</button>
      {open && kind === 'modal' ? (
        <Modal title="Edit" onClose={close}>
          {body}
        </Modal>
      ) : null}
      {open && kind === 'sheet' ? (
        <BottomSheet title="Edit" onClose={close}>
          {body}
        </BottomSheet>
      ) : null}
    </>
  );
}

describe.each(['modal', 'sheet'] as const)('the %s', (kind) => {
  it('takes the focus, keeps Tab inside, closes on Escape and gives the focus back', async () => {
    const { user } = await renderComponent(<Opener kind={kind} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Edit' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    for (let press = 0; press < 6; press++) {
      await user.tab();
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    for (let press = 0; press < 6; press++) {
      await user.tab({ shift: true });
      expect(dialog).toContainElement(document.activeElement as HTMLElement);
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('keeps the focus in a field whose typing renders the page behind it again', async () => {
    const { user } = await renderComponent(<Opener kind={kind} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const field = within(screen.getByRole('dialog')).getByRole('textbox', { name: 'Name' });
    await user.click(field);
    await user.type(field, 'Mara');
    expect(field).toHaveFocus();
    expect(field).toHaveValue('Mara');
  });
});
