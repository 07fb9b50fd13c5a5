// GET /api/admin/trips/{slotId}/manifest.csv: fetched with the bearer (a plain link would carry
// no token), then handed to the browser as a file, written in the language the back office is
// read in (headers, boat title, trip and passenger types).
import { authSession } from '../../../shared/auth/auth-session';
import { currentLanguage } from '../../../shared/i18n/i18n';
import { saveFile } from '../../../shared/ui/download-file';

export async function downloadManifestCsv(slotId: string): Promise<void> {
  const call = (token: string | null) =>
    fetch(`/api/admin/trips/${encodeURIComponent(slotId)}/manifest.csv?lang=${currentLanguage()}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  let response = await call(authSession.getSnapshot().accessToken);
  if (response.status === 401) response = await call(await authSession.refresh());
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const name =
    /filename=([^;]+)/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'manifest.csv';
  saveFile(await response.blob(), name);
}
