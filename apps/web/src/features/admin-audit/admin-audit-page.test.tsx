// The audit trail's screen: the rows newest first with who, when, what and each field's change;
// the filters sent to the server (which scopes an owner's rows); older rows a page at a time; in
// Spanish.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEntry, AuditPage } from '@boats/domain/schemas/audit';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { AuditScreen } from './admin-audit-page';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

const entry = (n: number, over: Partial<AuditEntry> = {}): AuditEntry => ({
  _id: String(n),
  at: '2026-11-20T10:00:00.000Z',
  actor: { email: 'ops@adboatrental.example', role: 'admin' },
  action: 'booking.refund',
  objectType: 'booking',
  objectId: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  boatId: null,
  bookingId: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  changes: { refunded: { before: 0, after: 30 } },
  ip: '203.0.113.9',
  ...over,
});

function stub(pages: AuditPage[]) {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      urls.push(url);
      const cursor = new URL(url, 'http://x').searchParams.get('cursor');
      return new Response(JSON.stringify(cursor ? pages[1] : pages[0]), { status: 200 });
    }),
  );
  return urls;
}

describe('the audit trail screen', () => {
  it('lists who changed what and when, each field before and after, and older rows on demand', async () => {
    const urls = stub([
      { items: [entry(2)], nextCursor: '2' },
      { items: [entry(1, { action: 'owner.update', objectType: 'owner', changes: null })], nextCursor: null },
    ]);
    render(<AuditScreen />, { wrapper: WithQueryClient });
    const list = await screen.findByRole('list', { name: 'Audit trail' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first!.textContent).toContain('20/11/2026 10:00');
    expect(first!.textContent).toContain('ops@adboatrental.example (admin)');
    expect(first!.textContent).toContain('booking.refund · Booking');
    expect(first!.textContent).toContain('refunded: 0 → 30');
    expect(first!.textContent).toContain('From 203.0.113.9');
    await userEvent.click(screen.getByRole('button', { name: 'Show older changes' }));
    expect(await within(list).findByText(/owner\.update/)).toBeTruthy();
    expect(urls.at(-1)).toContain('cursor=2');
  });

  it('sends the filters to the server', async () => {
    const urls = stub([{ items: [], nextCursor: null }]);
    render(<AuditScreen />, { wrapper: WithQueryClient });
    expect(await screen.findByText('No changes recorded here.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('What'), 'invoice');
    await userEvent.type(screen.getByLabelText('Who (e-mail)'), 'ops');
    await vi.waitFor(() => expect(urls.at(-1)).toBe('/api/admin/audit?objectType=invoice&actor=ops'));
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    stub([{ items: [entry(3)], nextCursor: null }]);
    render(<AuditScreen />, { wrapper: WithQueryClient });
    const list = await screen.findByRole('list', { name: 'Registro de cambios' });
    expect(list.textContent).toContain('ops@adboatrental.example (administrador)');
    expect(list.textContent).toContain('booking.refund · Reserva');
  });
});
