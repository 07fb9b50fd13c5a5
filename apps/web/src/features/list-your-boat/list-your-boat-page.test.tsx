// An application's "Send" waits for the photos still going up (issue 40's walkthrough: an
// application was saved with no photos and nothing said so): while one uploads the button says
// so and cannot be pressed; once the photo is up, it can.
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../shared/test/test-i18n';
import { WithQueryClient } from '../../shared/test/with-query-client';
import ListYourBoatPage from './list-your-boat-page';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

describe('list your boat', () => {
  it('does not send the application while a photo is still uploading', async () => {
    let photoUp: (url: string) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string) => {
        if (url === '/api/owner-applications/photos')
          return new Promise<Response>((resolve) => {
            photoUp = (photo) => resolve(new Response(JSON.stringify({ url: photo }), { status: 201 }));
          });
        return Promise.resolve(new Response('{}', { status: 200 }));
      }),
    );
    render(
      <MemoryRouter>
        <WithQueryClient>
          <ListYourBoatPage />
        </WithQueryClient>
      </MemoryRouter>,
    );
    fireEvent.change(screen.getByLabelText('Add photos'), {
      target: { files: [new File(['x'], 'boat.jpg', { type: 'image/jpeg' })] },
    });
    const send = await screen.findByRole('button', { name: 'Uploading photos…' });
    expect(send).toHaveProperty('disabled', true);
    await act(async () => {
      photoUp('/media/applications/boat.webp');
      await Promise.resolve();
    });
    expect(await screen.findByRole('button', { name: 'Send my application' })).toHaveProperty(
      'disabled',
      false,
    );
    expect(screen.getByRole('img', { name: 'Photo 1 of your boat' })).toBeDefined();
  });
});
