import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { BOOKING_STATUSES } from '@boats/domain/booking-status';
import { ApiError } from '../../shared/api/http';
import { BookingsToolbar, type ToolbarProps } from './bookings-toolbar';
import { StatusBadge } from './status-badge';
import adminBookings from '../../../public/locales/en/admin-bookings.json';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

function toolbar(overrides: Partial<ToolbarProps> = {}) {
  const props: ToolbarProps = {
    month: { year: 2026, month: 11 },
    onMonth: vi.fn(),
    filter: { status: '', type: '', channel: '', q: '', sort: 'asc' },
    onApply: vi.fn(),
    listError: null,
    exportDisabled: false,
    exporting: false,
    csvFormat: {
      format: { language: 'en', separator: 'comma' },
      chooseLanguage: vi.fn(),
      chooseSeparator: vi.fn(),
    },
    onExport: vi.fn(),
    ...overrides,
  };
  return { props, view: render(<BookingsToolbar {...props} />) };
}

describe('the bookings filter form', () => {
  it('applies a status or a type at once, and the search on Enter', async () => {
    const { props } = toolbar();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'paid');
    await vi.waitFor(() =>
      expect(props.onApply).toHaveBeenLastCalledWith({
        status: 'paid',
        type: undefined,
        q: undefined,
        sort: 'asc',
      }),
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'shared');
    await vi.waitFor(() =>
      expect(props.onApply).toHaveBeenLastCalledWith(expect.objectContaining({ type: 'shared' })),
    );
    const calls = vi.mocked(props.onApply).mock.calls.length;

    const search = screen.getByRole('searchbox', { name: 'Search' });
    await userEvent.type(search, '  Müller ');
    expect(props.onApply).toHaveBeenCalledTimes(calls);
    await userEvent.type(search, '{Enter}');
    await vi.waitFor(() =>
      expect(props.onApply).toHaveBeenLastCalledWith({
        status: 'paid',
        type: 'shared',
        q: 'Müller',
        sort: 'asc',
      }),
    );
  });

  it("shows the server's refusal of a filter field on that field, accessibly", () => {
    const refused = new ApiError(400, 'Invalid query', '{}', [
      { path: 'querystring.q', message: 'Too long for a search' },
    ]);
    toolbar({ listError: refused });
    const search = screen.getByRole('searchbox', { name: 'Search' });
    expect(search.getAttribute('aria-invalid')).toBe('true');
    const described = document.getElementById(search.getAttribute('aria-describedby')!);
    expect(described?.textContent).toBe('Too long for a search');
  });

  it('leaves the fields clean when the list failed for another reason', () => {
    toolbar({ listError: new ApiError(500, 'Server error', '') });
    expect(screen.getByRole('searchbox', { name: 'Search' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('moves the month with buttons named for screen readers', async () => {
    const { props } = toolbar();
    await userEvent.click(screen.getByRole('button', { name: 'Next month' }));
    await userEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(vi.mocked(props.onMonth).mock.calls).toEqual([[1], [-1]]);
  });
});

describe('StatusBadge', () => {
  it('names every status in words', () => {
    render(
      <>
        {BOOKING_STATUSES.map((status) => (
          <StatusBadge key={status} status={status} />
        ))}
      </>,
    );
    for (const word of ['Pending', 'Requested', 'Paid', 'Confirmed', 'Completed', 'Canceled', 'Refunded'])
      expect(screen.getByText(word)).toBeTruthy();
    // Each status has a look of its own.
    const looks = BOOKING_STATUSES.map((s) => screen.getByText(adminBookings.status[s]).className);
    expect(new Set(looks).size).toBe(BOOKING_STATUSES.length);
  });
});

describe('the export bar', () => {
  it("lets the operator write the file in another language than the page's", async () => {
    const { props } = toolbar();
    const language = screen.getByRole('combobox', { name: 'Spreadsheet language' });
    expect((language as HTMLSelectElement).value).toBe('en');
    expect([...(language as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'English',
      'Español',
      'Русский',
      'Deutsch',
      'Français',
      'Italiano',
    ]);
    await userEvent.selectOptions(language, 'es');
    expect(props.csvFormat.chooseLanguage).toHaveBeenCalledWith('es');
  });
});
