// GET /api/boats: the public fleet. The pattern for every endpoint: the fetcher, the
// queryOptions that own the query key (used by the hook, by prefetching and by mutations that
// invalidate it), and the hook.
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Boat } from '@boats/domain/schemas/boat';
import { apiFetch } from './http';
import { BOAT_SCHEMAS, loadSchemas } from './load-schemas';

export async function getBoats(signal?: AbortSignal): Promise<Boat[]> {
  // The schema (and zod) and the HTML sanitiser load beside the request, not with the landing
  // page's code: the landing route has a size budget and needs neither before the answer.
  const [answer, { boatsListResponseSchema }] = await Promise.all([
    apiFetch('/api/boats', { signal }),
    loadSchema(),
    loadSanitizer(),
  ]);
  return sanitizedFleet(boatsListResponseSchema.parse(answer).items);
}

const loadSchema = () => loadSchemas(() => import('@boats/domain/schemas/boat'), BOAT_SCHEMAS);
const loadSanitizer = () => import('../html/sanitize-rich-text');

/**
 * The fleet a page the server drew carries (app/page-data.ts): the server's own answer of
 * GET /api/boats, which it wrote into the page through the route's response schema, so not
 * checked again here. Checking it would run the boat schemas' module, and zod's, before the page
 * can hydrate: on a phone the largest part of the booking pages' start, some 100 ms before a tap
 * is taken (docs/performance.md#the-booking-page-drawn-on-the-server). Its descriptions, HTML,
 * are sanitised as a fetched answer's are.
 */
export async function boatsFromPage(answer: unknown): Promise<Boat[]> {
  const items = (answer as { items?: unknown } | null)?.items;
  if (!Array.isArray(items)) throw new Error('the page carries no fleet');
  return sanitizedFleet(items as Boat[]);
}

/**
 * The fleet with its translated descriptions, shown as HTML, sanitised here, before they are
 * cached and long before they reach the DOM (docs/security.md#html-from-data: it is sanitised).
 */
async function sanitizedFleet(items: Boat[]): Promise<Boat[]> {
  const { sanitizeRichText } = await loadSanitizer();
  // A description at a time, letting the browser in between: the whole fleet at once was one task
  // long enough to hold up a tap on a phone, and so, on a slow phone, was a boat's six languages.
  const boats: Boat[] = [];
  let since = performance.now();
  const sanitize = async (html: string) => {
    if (performance.now() - since > SLICE_MS) {
      await nextTask();
      since = performance.now();
    }
    return sanitizeRichText(html);
  };
  for (const boat of items) boats.push(await sanitizedDescriptions(boat, sanitize));
  return boats;
}

const SLICE_MS = 8;

async function sanitizedDescriptions(boat: Boat, sanitize: (html: string) => Promise<string>): Promise<Boat> {
  const i18n = boat.descriptionI18n;
  if (!i18n) return boat;
  const clean: Record<string, string> = {};
  for (const [lang, html] of Object.entries(i18n)) clean[lang] = await sanitize(html);
  return { ...boat, descriptionI18n: { ...clean, en: clean.en ?? (await sanitize(i18n.en)) } };
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The fleet is fetched once per page load (docs/product.md §7) and shared by every component that asks. */
export const boatsQueryOptions = () =>
  queryOptions({
    queryKey: ['boats'] as const,
    queryFn: ({ signal }) => getBoats(signal),
    staleTime: Infinity,
  });

export function useBoats() {
  return useQuery(boatsQueryOptions());
}
