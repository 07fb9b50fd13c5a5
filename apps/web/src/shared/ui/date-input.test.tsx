// A day field reads and writes the app language's format (25/11/2026, 25.11.2026) whatever the
// browser's, keeps a date key as the form's value, and refuses in words what is not a day.
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { dateKey } from '@boats/domain/schemas/common';
import { z } from '@boats/domain/schemas/zod';
import { setupTestI18n } from '../test/test-i18n';
import { Form, FormField, useZodForm } from './form';

beforeAll(setupTestI18n);
afterEach(() => i18n.changeLanguage('en'));

const schema = z.object({ day: dateKey });

function DayForm({ day, submit }: { day: string; submit: (values: { day: string }) => void }) {
  const form = useZodForm(schema, { defaultValues: { day } });
  return (
    <Form form={form} onSubmit={submit}>
      <FormField name="day" label="Day" type="date" />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('a date field', () => {
  it('shows the stored day in the language’s format and gives back a date key', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    render(<DayForm day="2026-11-25" submit={submit} />);
    const day = screen.getByLabelText('Day');
    expect(day).toHaveProperty('value', '25/11/2026');
    expect(day.getAttribute('placeholder')).toBe('dd/mm/yyyy');
    await user.clear(day);
    await user.type(day, '3/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ day: '2026-12-03' });
  });

  it('reads German days with dots, and shows them that way', async () => {
    await act(() => i18n.changeLanguage('de'));
    const user = userEvent.setup();
    const submit = vi.fn();
    render(<DayForm day="2027-02-28" submit={submit} />);
    const day = screen.getByLabelText('Day');
    expect(day).toHaveProperty('value', '28.02.2027');
    await user.clear(day);
    await user.type(day, '01.03.2027');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).toHaveBeenCalledWith({ day: '2027-03-01' });
  });

  it('refuses an American-order day in words, and sends nothing', async () => {
    const user = userEvent.setup();
    const submit = vi.fn();
    render(<DayForm day="" submit={submit} />);
    const day = screen.getByLabelText('Day');
    await user.type(day, '11/25/2026');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(submit).not.toHaveBeenCalled();
    expect(day.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(day.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Enter a valid date',
    );
    // What was typed stays, to be corrected.
    expect(day).toHaveProperty('value', '11/25/2026');
  });
});
