import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../test/test-i18n';
import { HoldCountdown } from './hold-countdown';

beforeAll(async () => {
  await setupTestI18n();
});

describe('HoldCountdown', () => {
  it('says nothing urgent while there is time', () => {
    render(<HoldCountdown secondsLeft={125} />);
    expect(screen.getByTestId('hold-countdown').textContent).toBe('02:05');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('announces the last minute once, in words', () => {
    render(<HoldCountdown secondsLeft={45} />);
    expect(screen.getByRole('status').textContent).toBe(
      'Less than a minute left: pay now to keep your places.',
    );
  });

  it('says when the hold is over, and one tap holds the places again', async () => {
    const holdAgain = vi.fn();
    render(<HoldCountdown secondsLeft={0} onHoldAgain={holdAgain} />);
    expect(screen.getByRole('alert').textContent).toContain(
      'Your hold has expired and the places are free for others again.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Hold them again' }));
    expect(holdAgain).toHaveBeenCalledOnce();
  });
});
