// An owner's card in /admin/owners: its details line says only what is known (the platform's own
// row read "· · · · English" before).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Owner } from '@boats/domain/schemas/owner';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { OwnerCard } from './admin-owners-page';

beforeAll(setupTestI18n);
afterEach(cleanup);

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
    );
    const danger = screen.getByRole('region', { name: 'Danger zone' });
    expect(within(danger).queryByRole('button', { name: 'Save the rate' })).toBeNull();
    fireEvent.click(within(danger).getByRole('button', { name: 'Suspend' }));
    // The dialog decides; nothing is changed by the button itself.
    expect(onSuspend).toHaveBeenCalledOnce();
    expect(onChange).not.toHaveBeenCalled();
  });
});
