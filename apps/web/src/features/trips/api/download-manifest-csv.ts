// GET /api/crew/trips/{slotId}/manifest.csv: fetched with the bearer (a plain link would carry
// no token), then handed to the browser as a file, written in the language the back office is
// read in (headers, boat title, trip and passenger types).
import { adminFile } from '../../../shared/auth/admin-fetch';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { saveFile } from '../../../shared/ui/download-file';

export async function downloadManifestCsv(slotId: string): Promise<void> {
  const { blob, fileName } = await adminFile(
    `/api/crew/trips/${encodeURIComponent(slotId)}/manifest.csv?lang=${currentLanguage()}`,
    'manifest.csv',
  );
  saveFile(blob, fileName);
}
