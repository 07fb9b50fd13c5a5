import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DialogActions, Modal } from './modal';

function Harness({
  dismissible = true,
  onClose = () => undefined,
}: {
  dismissible?: boolean;
  onClose?: () => void;
}) {
  const [open, setOpen] = useState(true);
  // Controls before and after it on the page, where Tab would go without the trap.
  return (
    <>
      <button type="button">Before</button>
      <Modal
        open={open}
        onClose={() => {
          onClose();
          setOpen(false);
        }}
        title="Cancel booking #A1B2C3D4"
        closeLabel="Close"
        dismissible={dismissible}
      >
        <label>
          Reason
          <textarea />
        </label>
        <DialogActions>
          <button type="button">Cancel booking</button>
          <button type="button">Back</button>
        </DialogActions>
      </Modal>
      <button type="button">Behind</button>
    </>
  );
}

describe('Modal (the dialog primitive)', () => {
  it('is a dialog named by its title, with a labelled close button', () => {
    render(<Harness />);
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking #A1B2C3D4' });
    expect(dialog).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    render(<Harness />);
    const close = screen.getByRole('button', { name: 'Close' });
    const back = screen.getByRole('button', { name: 'Back' });
    back.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(close);
    await userEvent.tab({ shift: true });
    expect(document.activeElement).toBe(back);
    // In between, Tab moves on as usual.
    close.focus();
    await userEvent.tab();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Reason' }));
  });

  it('closes on Escape', async () => {
    const onClose = vi.fn();
    render(<Harness onClose={onClose} />);
    screen.getByRole('textbox', { name: 'Reason' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('stays open on Escape when it is not dismissible', async () => {
    const onClose = vi.fn();
    render(<Harness dismissible={false} onClose={onClose} />);
    screen.getByRole('textbox', { name: 'Reason' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
