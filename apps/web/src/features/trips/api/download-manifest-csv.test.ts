// The crew's manifest spreadsheet comes in the language the back office is read in.
import i18n from 'i18next';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setupTestI18n } from '../../../shared/test/test-i18n';
import { downloadManifestCsv } from './download-manifest-csv';

beforeAll(setupTestI18n);
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en');
});

it("asks for the manifest CSV in the operator's language", async () => {
  const fetchMock = vi.fn(
    async () =>
      new Response('\uFEFFbarco\r\n', {
        headers: { 'content-disposition': 'attachment; filename=manifest_2027-06-10_ABCDEF12.csv' },
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  URL.createObjectURL = vi.fn(() => 'blob:manifest');
  URL.revokeObjectURL = vi.fn();
  const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

  await i18n.changeLanguage('es');
  await downloadManifestCsv('0b5c6e0e-0000-4000-8000-000000000001');

  expect(fetchMock).toHaveBeenCalledWith(
    '/api/crew/trips/0b5c6e0e-0000-4000-8000-000000000001/manifest.csv?lang=es',
    expect.anything(),
  );
  expect(click).toHaveBeenCalledOnce();
});
