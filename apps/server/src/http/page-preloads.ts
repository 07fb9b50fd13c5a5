// Preload hints the server writes into the HTML of the booking pages, so the browser fetches
// what their largest paint needs beside the JavaScript instead of after it: the fleet (the boat
// picker's data) and the first photo the page shows, with the same sources and sizes the web
// app's <picture> uses (BoatPhoto), so the preloaded file is the one drawn. The fleet preload is
// credentialed because the web app's fetch wrapper sends credentials: 'include'.
import { GALLERY_PHOTO_SIZES, imageSources, PICKER_PHOTO_SIZES } from '@boats/domain/image-sources';
import type { Boat } from '@boats/domain/schemas/boat';

const BOOKING_PATH = /^\/(?:booking|boats)(?:\/([0-9a-f-]{36}))?\/?$/i;

const escapeAttribute = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;');

function photoPreload(url: string, sizes: string): string {
  const sources = imageSources(url);
  if (!sources) return `<link rel="preload" as="image" href="${escapeAttribute(url)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" type="image/avif" imagesrcset="${escapeAttribute(sources.avif)}" imagesizes="${escapeAttribute(sizes)}" fetchpriority="high">`;
}

/**
 * The `<link>` tags for a page path; empty for pages other than the booking pages, which do not
 * ask for the fleet at all. `fleetInPage`: the page carries the fleet (server-rendered-pages.ts),
 * the browser does not fetch it.
 */
export async function bookingPagePreloads(
  path: string,
  loadFleet: () => Promise<Pick<Boat, '_id' | 'images'>[]>,
  fleetInPage = false,
): Promise<string> {
  const match = BOOKING_PATH.exec(path.split('?')[0] ?? '');
  if (!match) return '';
  const fleet = await loadFleet();
  const boatId = match[1]?.toLowerCase();
  if (boatId) {
    const photo = fleet.find((boat) => boat._id === boatId)?.images[0];
    return photo ? photoPreload(photo, GALLERY_PHOTO_SIZES) : '';
  }
  const links = fleetInPage
    ? []
    : ['<link rel="preload" href="/api/boats" as="fetch" crossorigin="use-credentials">'];
  const first = fleet.find((boat) => boat.images[0])?.images[0];
  if (first) links.push(photoPreload(first, PICKER_PHOTO_SIZES));
  return links.join('');
}
