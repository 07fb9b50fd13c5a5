// An owner's card in /admin/owners: its details line says only what is known (the platform's own
// row read "· · · · English" before); the owner's representation before the AEAT is recorded with
// its day and evidence, and shown.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Owner } from '@boats/domain/schemas/owner';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { OwnerCard } from './admin-owners-page';

beforeAll(setupTestI18n);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const owner: Owner = {
  _id: '0b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
  isPlatform: false,
  displayName: 'Anaga Sailing',
  legalName: 'Anaga Sailing S.L.',
  taxId: 'B38000000',
  address: 'Santa Cruz',
  phone: '+34 600 000 000',
  email: 'hola@anaga.example',
  language: 'es',
  commissionPercent: 15,
  commissionOverridden: false,
  status: 'active',
  boatCount: 2,
  createdAt: '2026-01-01T00:00:00.000Z',
  aeatRepresentation: null,
};

describe('an owner card', () => {
  it('lists the details it has, and no separators for those it has not', () => {
    render(
      <ul>
        <OwnerCard owner={owner} busy={false} onChange={() => {}} onSuspend={() => {}} />
        <OwnerCard
          owner={{
            ...owner,
            _id: '1b6e1a8e-5b1c-4f7d-9a1e-3c2d1f0a9b8c',
            isPlatform: true,
            displayName: 'Platform',
            legalName: '',
            taxId: '',
            phone: '',
            email: '',
            language: 'en',
          }}
          busy={false}
          onChange={() => {}}
          onSuspend={() => {}}
        />
      </ul>,
      { wrapper: WithQueryClient },
    );
    expect(
      screen.getByText('Anaga Sailing S.L. · B38000000 · hola@anaga.example · +34 600 000 000 · Español'),
    ).toBeTruthy();
    const platform = screen.getByRole('listitem', { name: 'Platform' });
    expect(platform.textContent).toContain('English');
    expect(platform.textContent).not.toContain('·');
  });

  it('keeps suspending apart from the rate, in a danger zone that asks first', () => {
    const onChange = vi.fn();
    const onSuspend = vi.fn();
    render(
      <ul>
        <OwnerCard owner={owner} busy={false} onChange={onChange} onSuspend={onSuspend} />
      </ul>,
      { wrapper: WithQueryClient },
    );
    const danger = screen.getByRole('region', { name: 'Danger zone' });
    expect(within(danger).queryByRole('button', { name: 'Save the rate' })).toBeNull();
    fireEvent.click(within(danger).getByRole('button', { name: 'Suspend' }));
    // The dialog decides; nothing is changed by the button itself.
    expect(onSuspend).toHaveBeenCalledOnce();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('records the owner’s representation before the AEAT with its day and evidence, then shows it', async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        expect(url).toBe(`/api/admin/owners/${owner._id}/aeat-representation`);
        expect(init?.method).toBe('PUT');
        sent.push(JSON.parse(init!.body as string));
        return new Response(JSON.stringify({ owner: { ...owner, aeatRepresentation: sent[0] } }));
      }),
    );
    render(
      <ul>
        <OwnerCard owner={owner} busy={false} onChange={() => {}} onSuspend={() => {}} />
      </ul>,
      { wrapper: WithQueryClient },
    );
    const section = screen.getByRole('region', { name: 'Representation before the AEAT' });
    expect(section.textContent).toContain(
      'No representation recorded: the records of the invoices issued in their name wait.',
    );
    await userEvent.type(within(section).getByLabelText('Granted on'), '20/11/2026');
    await userEvent.click(within(section).getByRole('button', { name: 'Record the representation' }));
    // Without its evidence, nothing is sent and the field says why.
    expect(await within(section).findByText('Minimum 5 characters')).toBeTruthy();
    expect(sent).toHaveLength(0);
    await userEvent.type(within(section).getByLabelText(/^Evidence/), 'AEAT registro 2026-000123');
    await userEvent.click(within(section).getByRole('button', { name: 'Record the representation' }));
    await vi.waitFor(() =>
      expect(sent).toEqual([{ since: '2026-11-20', evidence: 'AEAT registro 2026-000123' }]),
    );
  });

  it('shows a recorded representation, which a revocation takes back', () => {
    render(
      <ul>
        <OwnerCard
          owner={{
            ...owner,
            aeatRepresentation: { since: '2026-11-20', evidence: 'AEAT registro 2026-000123' },
          }}
          busy={false}
          onChange={() => {}}
          onSuspend={() => {}}
        />
      </ul>,
      { wrapper: WithQueryClient },
    );
    expect(screen.getByTestId('aeat-representation').textContent).toBe(
      'Represents the platform before the AEAT since 20/11/2026 (AEAT registro 2026-000123): the records of the invoices issued in their name are sent.',
    );
    expect(screen.getByRole('button', { name: 'Record a revocation' })).toBeTruthy();
  });
});
