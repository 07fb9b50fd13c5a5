// The waitlist form of a full shared trip asks the party as the booking does (adults, children
// 6–12, under-6s), up to the seats the trip has in all, and sends it, so the offer is priced as
// theirs; a party it cannot take is refused before anything is sent.
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import type { Passengers } from '@boats/domain/passengers';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { WaitlistForm } from './waitlist-form';

const SLOT = '00000000-0000-4000-8000-000000000001';

beforeAll(setupTestI18n);
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

function Harness({ start }: { start: Passengers }) {
  const [party, setParty] = useState(start);
  return (
    <WaitlistForm
      slotId={SLOT}
      seatsTotal={3}
      passengers={party}
      onPassengers={(kind, count) => setParty((p) => ({ ...p, [kind]: count }))}
    />
  );
}

function renderForm(start: Passengers = { adults: 1, children50: 0, kidsFree: 0 }) {
  const fetch = vi.fn(async () => new Response(JSON.stringify({ position: 1 }), { status: 200 }));
  vi.stubGlobal('fetch', fetch);
  render(
    <WithQueryClient>
      <Harness start={start} />
    </WithQueryClient>,
  );
  return fetch;
}

const user = () => userEvent.setup();

describe('the waitlist form', () => {
  it('asks the party as the booking does and sends it: a parent, a child 6–12 and an under-6', async () => {
    const fetch = renderForm();
    const u = user();
    await u.click(screen.getByRole('button', { name: 'Add one: Child 6–12' }));
    await u.click(screen.getByRole('button', { name: 'Add one: Child under 6 (free)' }));
    expect(screen.getByText('Seats wanted: 3 of the trip’s 3 in all')).toBeTruthy();
    // The trip has 3 seats in all: "+" stops there.
    expect(screen.getByRole('button', { name: 'Add one: Adult' }).hasAttribute('disabled')).toBe(true);
    await u.type(screen.getByRole('textbox', { name: /e-mail/i }), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: 'Tell me when seats free up' }));
    // The place is kept once the address is confirmed by the e-mailed link (issue 42).
    expect(
      await screen.findByText(
        /number 1 in line\. We have sent you an e-mail: open its link to confirm your place/,
      ),
    ).toBeTruthy();
    const [, init] = fetch.mock.calls[0] as unknown as [string, { body: string }];
    expect(JSON.parse(init.body)).toMatchObject({
      slotId: SLOT,
      email: 'ana@example.com',
      passengers: { adults: 1, child_u13: 1, child_u6: 1 },
    });
  });

  it('refuses a party larger than the trip, or without an adult, before sending, in German too', async () => {
    await i18n.changeLanguage('de');
    const fetch = renderForm({ adults: 4, children50: 0, kidsFree: 0 });
    const u = user();
    await u.type(screen.getByRole('textbox', { name: /e-mail/i }), 'ana@example.com');
    await u.click(screen.getByRole('button', { name: /Plätze frei/ }));
    expect(await screen.findByText('Diese Fahrt hat insgesamt 3 Plätze.')).toBeTruthy();
    for (let i = 0; i < 4; i++)
      await u.click(screen.getAllByRole('button', { name: /^Eine Person weniger: / })[0]!);
    await u.click(screen.getByRole('button', { name: /Plätze frei/ }));
    expect(
      await screen.findByText('Fügen Sie mindestens einen Erwachsenen hinzu, um auf Plätze zu warten.'),
    ).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('choosing a full start', () => {
  it('brings the waitlist form into view, not the footer', () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    renderForm();
    const form = screen.getByRole('region', { name: 'This trip is full' });
    expect(scrolled.mock.contexts).toContain(form);
    scrolled.mockRestore();
  });
});
