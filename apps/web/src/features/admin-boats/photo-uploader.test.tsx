// What the operator sees while adding photos: a PDF refused on the spot with a message, the
// "Uploading…" status while a photo goes up, the photo in the list once the server answers, a
// file the server refuses by its content named with the server's reason (in the operator's
// language when the server's code is one the back office knows), and reordering.
import { render, screen, waitFor, within } from '@testing-library/react';
import i18n from 'i18next';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WithQueryClient } from '../../shared/test/with-query-client';
import { PhotoUploader } from './photo-uploader';
import { setupTestI18n } from '../../shared/test/test-i18n';

beforeAll(setupTestI18n);
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function Harness({ initial }: { initial: string[] }) {
  const [images, setImages] = useState(initial);
  return <PhotoUploader images={images} onChange={setImages} />;
}

function renderUploader(initial: string[] = []) {
  render(
    <WithQueryClient>
      <Harness initial={initial} />
    </WithQueryClient>,
  );
  return screen.getByLabelText('Choose photos');
}

const photoNames = () =>
  within(screen.getByRole('list', { name: "Photos, the first one on the boat's card" }))
    .getAllByRole('img')
    .map((img) => img.getAttribute('alt'));

describe('PhotoUploader', () => {
  it('refuses a file that is no image with a message, sending nothing', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup({ applyAccept: false });
    const input = renderUploader();
    await user.upload(input, new File(['%PDF-1.7'], 'menu.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('Some photos could not be added')).toBeTruthy();
    expect(screen.getByText('menu.pdf: not a photo (JPEG, PNG, WebP, AVIF or HEIC)')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows Uploading… while a photo goes up, then the photo in the list', async () => {
    let answer: (r: Response) => void = () => {};
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const user = userEvent.setup();
    const input = renderUploader();
    await user.upload(
      input,
      new File([new Uint8Array([0xff, 0xd8, 0xff])], 'deck.jpg', { type: 'image/jpeg' }),
    );
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Uploading…'));
    const sent = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(sent[0]).toContain('/api/admin/photos');
    expect((sent[1].body as FormData).get('photo')).toBeInstanceOf(File);

    answer(json(200, { url: '/media/photos/0f8fad5b-d9cb-469f-a165-70867728950e' }));
    await waitFor(() => expect(photoNames()).toEqual(['Photo 1']));
    expect(screen.getByRole('status').textContent).toBe('Drop photos here, or');
  });

  it("names a file the server refused by its content, with the server's reason", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, { error: 'not_an_image', message: 'The file is not a picture we can read' }),
        ),
      ),
    );
    const user = userEvent.setup();
    const input = renderUploader();
    await user.upload(input, new File(['just text'], 'renamed.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('renamed.jpg: The file is not a picture we can read')).toBeTruthy();
    expect(screen.queryByRole('list', { name: "Photos, the first one on the boat's card" })).toBeNull();
  });

  it("says in the operator's language that an iPhone HEIC cannot be read, and how to send it", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          json(400, {
            error: 'photo_heic_unsupported',
            message: 'This HEIC photo cannot be read here (HEVC).',
            fields: [{ path: 'photo', message: 'This HEIC photo cannot be read here (HEVC).' }],
          }),
        ),
      ),
    );
    await i18n.changeLanguage('es');
    try {
      const user = userEvent.setup();
      render(
        <WithQueryClient>
          <Harness initial={[]} />
        </WithQueryClient>,
      );
      await user.upload(
        screen.getByLabelText('Elegir fotos'),
        new File(['ftypheic'], 'IMG_0412.HEIC', { type: 'image/heic' }),
      );
      const failure = await screen.findByText(/^IMG_0412\.HEIC: es una foto HEIC/);
      expect(failure.textContent).toContain('Más compatible');
      expect(failure.textContent).not.toContain('cannot be read');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('puts photos in order and removes one', async () => {
    const user = userEvent.setup();
    renderUploader(['/a.jpg', '/b.jpg', '/c.jpg']);
    const srcs = () =>
      within(screen.getByRole('list', { name: "Photos, the first one on the boat's card" }))
        .getAllByRole('img')
        .map((img) => img.getAttribute('src'));
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }));
    expect(srcs()).toEqual(['/a.jpg', '/c.jpg', '/b.jpg']);
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }));
    expect(srcs()).toEqual(['/c.jpg', '/b.jpg']);
    expect((screen.getByRole('button', { name: 'Move photo 1 earlier' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});
