import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Button, buttonClass } from './button';

describe('Button', () => {
  it('is a button named by its text or its label, and inside a form it does not submit', async () => {
    const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
    const press = vi.fn();
    render(
      <form onSubmit={(e) => submit(e.nativeEvent as SubmitEvent)}>
        <Button onClick={press}>Details</Button>
        <Button variant="outline" size="icon" aria-label="Next month">
          ›
        </Button>
        <Button type="submit" variant="secondary" size="compact">
          Apply
        </Button>
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Details' }));
    expect(press).toHaveBeenCalledTimes(1);
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Next month' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('cannot be pressed while disabled', async () => {
    const press = vi.fn();
    render(
      <Button tone="danger" variant="outline" size="small" disabled onClick={press}>
        Cancel booking
      </Button>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    expect(press).not.toHaveBeenCalled();
  });

  it('gives a link the same look as the button of that variant and size', () => {
    render(
      <>
        <a href="tel:+34600111222" className={buttonClass({ variant: 'outline', size: 'compact' })}>
          Call
        </a>
        <Button variant="outline" size="compact">
          Call
        </Button>
      </>,
    );
    expect(screen.getByRole('link', { name: 'Call' }).className).toBe(
      screen.getByRole('button', { name: 'Call' }).className,
    );
  });
});
