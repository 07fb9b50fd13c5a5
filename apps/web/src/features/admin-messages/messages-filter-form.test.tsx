import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from '@boats/domain/schemas/messages';
import { ApiError } from '../../shared/api/http';
import { MessageState } from './message-state';
import { MessagesFilterForm, type MessagesFilterValues } from './messages-filter-form';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

const NONE: MessagesFilterValues = { search: '', source: '', from: '', to: '', limit: 20 };

/** The form as the page holds it: what it applies becomes the filter shown. */
function Page({
  onApply,
  listError = null,
}: {
  onApply: (v: MessagesFilterValues) => void;
  listError?: unknown;
}) {
  const [filter, setFilter] = useState(NONE);
  return (
    <MessagesFilterForm
      filter={filter}
      listError={listError}
      onApply={(values) => {
        onApply(values);
        setFilter(values);
      }}
    />
  );
}

describe('the messages filter form', () => {
  it('applies a date range at once', async () => {
    const onApply = vi.fn();
    render(<Page onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '10/11/2026' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '20/11/2026' } });
    await vi.waitFor(() =>
      expect(onApply).toHaveBeenLastCalledWith({ ...NONE, from: '2026-11-10', to: '2026-11-20' }),
    );
  });

  it('says under "To" that the dates are the wrong way round, and applies only the rest', async () => {
    const onApply = vi.fn();
    render(<Page onApply={onApply} />);
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '20/11/2026' } });
    await vi.waitFor(() => expect(onApply).toHaveBeenLastCalledWith({ ...NONE, from: '2026-11-20' }));
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '10/11/2026' } });

    const to = screen.getByLabelText('To');
    await vi.waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    const described = document.getElementById(to.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('The end date cannot be before the start date');
    expect(onApply).toHaveBeenLastCalledWith({ ...NONE, from: '2026-11-20' });

    // The search still applies; the dates stay as last applied.
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'volkova');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await vi.waitFor(() =>
      expect(onApply).toHaveBeenLastCalledWith({ ...NONE, from: '2026-11-20', search: 'volkova' }),
    );

    // Putting "To" right clears the message and applies the range.
    fireEvent.change(to, { target: { value: '30/11/2026' } });
    await vi.waitFor(() => expect(to.getAttribute('aria-invalid')).toBeNull());
    expect(screen.queryByText('The end date cannot be before the start date')).toBeNull();
    await vi.waitFor(() =>
      expect(onApply).toHaveBeenLastCalledWith({
        ...NONE,
        from: '2026-11-20',
        to: '2026-11-30',
        search: 'volkova',
      }),
    );
  });

  it('applies the source and the page size at once', async () => {
    const onApply = vi.fn();
    render(<Page onApply={onApply} />);
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Source' }), 'form');
    await vi.waitFor(() => expect(onApply).toHaveBeenLastCalledWith({ ...NONE, source: 'form' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Per page' }), '50');
    await vi.waitFor(() => expect(onApply).toHaveBeenLastCalledWith({ ...NONE, source: 'form', limit: 50 }));
  });

  it("shows the server's refusal of a field on that field", () => {
    const refused = new ApiError(400, 'Invalid query', '{}', [
      { path: 'querystring.from', message: 'validation.date' },
    ]);
    render(<Page onApply={vi.fn()} listError={refused} />);
    const from = screen.getByLabelText('From');
    expect(from.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(from.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a valid date',
    );
  });
});

describe('MessageState', () => {
  const message = (readAt: string | null, repliedAt: string | null) =>
    ({ _id: 'm1', readAt, repliedAt }) as unknown as ContactMessage;

  it('says new, read or replied in words', () => {
    render(
      <>
        <MessageState message={message(null, null)} />
        <MessageState message={message('2026-11-01T10:00:00Z', null)} />
        <MessageState message={message('2026-11-01T10:00:00Z', '2026-11-01T11:00:00Z')} />
      </>,
    );
    expect(['New', 'Read', 'Replied'].map((w) => screen.getByText(w).textContent)).toEqual([
      'New',
      'Read',
      'Replied',
    ]);
  });
});
