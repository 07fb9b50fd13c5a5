// Verified reviews at 390 px (docs/public-site.md#reviews): the review link of a completed
// booking's e-mail (the demo's latest trip of Anaga Star, whose customer has not written yet)
// opens the form; written in Spanish, the review brings the boat to three published reviews, so
// its card shows the rating; the owner answers it from the back office; a second review of the
// same booking is refused; a German visitor reads it, and the answer, marked as written in Spanish.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { adminToken } from '../support/api-booking';
import { boatByTitle } from '../support/booking-helpers';
import { E2E_MAIL_PORTS } from '../support/server';

test.use({ viewport: { width: 390, height: 844 } });

const BOAT = 'Anaga Star sailing yacht';
const OWNER = { email: 'owner2@adboatrental.example', password: 'boats-owner-2026' };
const TEXT = 'Un día precioso navegando junto a los acantilados de Anaga. ¡Repetiremos!';

type Link = { booking: string; token: string };

/** The review links the app has e-mailed (the demo's unreviewed completed trips). */
async function reviewLinks(): Promise<Link[]> {
  const res = await fetch(`http://127.0.0.1:${E2E_MAIL_PORTS.httpPort}/`);
  const mails = (await res.json()) as { text: string }[];
  return mails.flatMap((m) =>
    [...m.text.matchAll(/https?:\/\/\S+\/review\?(\S+)/g)].map((match) => {
      const query = new URLSearchParams(match[1]);
      return { booking: query.get('booking')!, token: query.get('token')! };
    }),
  );
}

/**
 * The unreviewed booking of `title` among the e-mailed review links. Each link is asked about
 * once, from an address other than the journey's (support/test.ts): the review form allows 20
 * reads per address in ten minutes, and the browser's reads below must not find that budget spent.
 */
async function linkForBoat(request: APIRequestContext, title: string): Promise<Link> {
  const asked = new Set<string>();
  let found: Link | undefined;
  await expect
    .poll(
      async () => {
        for (const link of await reviewLinks()) {
          if (asked.has(link.booking)) continue;
          const form = await request.get(`/api/reviews/form?booking=${link.booking}&token=${link.token}`, {
            headers: { 'x-forwarded-for': '198.51.100.27' },
          });
          expect(form.ok(), await form.text()).toBe(true);
          asked.add(link.booking);
          const answer = (await form.json()) as { boatTitle: { en: string }; review: unknown };
          if (answer.boatTitle.en === title && answer.review === null) found = link;
        }
        return found !== undefined;
      },
      { timeout: 30_000, message: `a review e-mail for ${title}` },
    )
    .toBe(true);
  return found!;
}

const cardOf = (page: Page) => page.locator('article').filter({ hasText: BOAT });

test('a review from the e-mail link: on the card from three, answered by the owner, once per booking, marked by language', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const boat = await boatByTitle(request, BOAT);
  const link = await linkForBoat(request, BOAT);

  // The boat has three published reviews: the admin hides one (abuse), so the new one is the third.
  const admin = await adminToken(request);
  const auth = { authorization: `Bearer ${admin}` };
  const listed = (await (await request.get('/api/admin/reviews', { headers: auth })).json()) as {
    items: { id: string; boatId: string; hidden: unknown }[];
  };
  const published = listed.items.filter((r) => r.boatId === boat._id && r.hidden === null);
  for (const review of published.slice(2)) {
    const hidden = await request.post(`/api/admin/reviews/${review.id}/hide`, {
      headers: auth,
      data: { reason: 'abuse', note: 'journey' },
    });
    expect(hidden.ok(), await hidden.text()).toBe(true);
  }
  await page.goto('/');
  await expect(cardOf(page)).toBeVisible();
  await expect(cardOf(page).getByRole('img', { name: /^Rated / })).toHaveCount(0);

  // The link from the e-mail opens the form; the visitor writes in Spanish.
  await page.goto(`/review?booking=${link.booking}&token=${encodeURIComponent(link.token)}&lng=es`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tu opinión' })).toBeVisible();
  await page.locator('label').filter({ hasText: '5 estrellas' }).click();
  await page.getByLabel('Tu opinión (opcional)').fill(TEXT);
  await page.getByLabel('País (opcional)').fill('España');
  await page.getByRole('button', { name: 'Enviar opinión' }).click();
  await expect(page.getByText('¡Gracias! Tu opinión ya está publicada.')).toBeVisible();

  // Three published reviews: the boat's answer and its card show the rating.
  await expect
    .poll(async () => ((await boatByTitle(request, BOAT)) as { rating?: { count: number } }).rating?.count)
    .toBe(3);
  await page.goto('/?lng=en');
  await expect(cardOf(page).getByRole('img', { name: /^Rated .* from 3 reviews$/ })).toBeVisible();

  // A second review of the same booking is refused.
  const again = await request.post('/api/reviews', {
    data: {
      bookingId: link.booking,
      token: link.token,
      stars: 1,
      text: 'again',
      firstName: 'X',
      language: 'en',
    },
  });
  expect(again.status()).toBe(409);
  expect(((await again.json()) as { error: string }).error).toBe('already_reviewed');

  // The owner answers it, once, in the back office.
  await page.goto('/admin/reviews');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(OWNER.email);
  await dialog.getByLabel('Password', { exact: true }).fill(OWNER.password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  // The page behind is inert until the dialog has shown its success and closed.
  await expect(dialog).toBeHidden();
  const item = page.getByRole('listitem').filter({ hasText: TEXT });
  await expect(item).toBeVisible();
  await item.getByLabel('Your public answer').fill('¡Gracias por navegar con nosotros!');
  await item.getByLabel('Language of your answer').selectOption('es');
  await item.getByRole('button', { name: 'Publish answer' }).click();
  await expect(item.getByText('Your answer')).toBeVisible();
  await expect(item.getByRole('button', { name: 'Publish answer' })).toHaveCount(0);

  // A German visitor reads it on the boat's page, marked as written in Spanish, with the answer.
  await page.goto(`/booking/${boat._id}?lng=de`);
  const review = page.getByRole('listitem').filter({ hasText: TEXT });
  await expect(review).toBeVisible();
  // The review and the owner's answer: each says it is in Spanish.
  await expect(review.getByText('Verfasst auf Spanisch')).toHaveCount(2);
  await expect(review.getByText('Antwort des Bootes')).toBeVisible();
  await expect(review.getByText('¡Gracias por navegar con nosotros!')).toBeVisible();
});
