import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BoatInput } from '@boats/domain/schemas/boat';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { boatDraftResolver, newBoatDraft, type BoatDraft } from './boat-draft';
import { BoatForm } from './boat-form';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);

function Editor({
  onSubmit,
  onInvalid,
}: {
  onSubmit: (b: BoatInput) => Promise<void>;
  onInvalid: () => void;
}) {
  const form = useForm<BoatDraft, unknown, BoatInput>({
    mode: 'onTouched',
    resolver: boatDraftResolver,
    defaultValues: {
      ...newBoatDraft(),
      title: 'Sea Breeze',
      policyOwn: true,
      policy: [
        { hoursBefore: '24', refundPercent: '50' },
        { hoursBefore: '24', refundPercent: '10' },
      ],
    },
  });
  return <BoatForm form={form} onSubmit={onSubmit} onError={() => {}} onInvalid={onInvalid} isAdmin />;
}

describe('the cancellation rules of the boat editor', () => {
  it('says when two rules have the same hours, and saves nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const onInvalid = vi.fn();
    render(
      <WithQueryClient>
        <Editor onSubmit={onSubmit} onInvalid={onInvalid} />
      </WithQueryClient>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onInvalid).toHaveBeenCalled());
    expect(await screen.findByText('Two rules have the same number of hours')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
