// GET /api/admin/resellers/{id}/invoices/{invoiceId}/pdf?lang=: one invoice to the reseller as a
// PDF in the admin's language, with its VERI*FACTU QR code; saved under the server's name.
import type { LanguageCode } from '@boats/domain/languages';
import { adminFile } from '../../../shared/auth/admin-fetch';
import { saveFile } from '../../../shared/ui/download-file';

export async function downloadResellerInvoice(
  resellerId: string,
  invoice: { _id: string; number: string },
  lang: LanguageCode,
): Promise<void> {
  const { blob, fileName } = await adminFile(
    `/api/admin/resellers/${encodeURIComponent(resellerId)}/invoices/${encodeURIComponent(invoice._id)}/pdf?lang=${lang}`,
    `${invoice.number}.pdf`,
  );
  saveFile(blob, fileName);
}
