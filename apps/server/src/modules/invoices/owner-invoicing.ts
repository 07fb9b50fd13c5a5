// An owner's invoicing settings (docs/invoicing.md#customers-invoices-in-the-owners-name): whether
// the platform invoices their customers in their name, and their IGIC regime. Turning it on
// records the acceptance's instant (the owner's prior agreement to invoicing by a third party);
// turning it off clears it, so the instant always says when the current agreement was given.
// Only the owner gives it: the admin may turn it off, never on (RD 1619/2012 art. 5.2).
import { eq } from 'drizzle-orm';
import { bpsToPercent, percentToBps } from '@boats/domain/fee-split';
import {
  IGIC_EXEMPT_MENTION,
  type OwnerInvoicing,
  type OwnerInvoicingUpdate,
} from '@boats/domain/schemas/owner-invoicing';
import type { AppContext } from '../../context';
import { owners } from '../../db/schema';
import { conflict, forbidden, notFound } from '../../http/errors';
import { changesBetween, noteAudit } from '../audit/audit-trail';
import { aeatRepresentationOf, findOwner, type OwnerRow } from '../owners/owner-repository';

function toSettings(row: OwnerRow): OwnerInvoicing {
  return {
    invoicesCustomers: row.invoicesCustomers,
    igicRegime: row.igicRegime,
    igicPercent: bpsToPercent(row.igicBps),
    acceptedAt: row.customerInvoicingAcceptedAt?.toISOString() ?? null,
    isPlatform: row.isPlatform,
    legalName: row.legalName,
    taxId: row.taxId,
    address: row.address,
    exemptMention: IGIC_EXEMPT_MENTION,
    representation: aeatRepresentationOf(row),
  };
}

export async function ownerInvoicing(ctx: AppContext, ownerId: string): Promise<OwnerInvoicing> {
  const row = await findOwner(ctx.db, ownerId);
  if (!row) throw notFound('Owner');
  return toSettings(row);
}

export async function updateOwnerInvoicing(
  ctx: AppContext,
  ownerId: string,
  change: OwnerInvoicingUpdate,
  /** Who asks: the owner, or the platform's admin acting on their settings. */
  by: 'owner' | 'admin',
): Promise<OwnerInvoicing> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(owners).where(eq(owners.id, ownerId)).for('update');
    if (!current) throw notFound('Owner');
    // The platform's own boats are invoiced in its own name, under its own tax settings.
    if (current.isPlatform) {
      throw conflict('platform_invoicing', "The platform's own boats are always invoiced in its own name.");
    }
    // Invoicing by a third party needs the owner's own prior agreement (RD 1619/2012 art. 5.2):
    // the admin may turn it off, or correct the regime, but never accept it for them.
    if (by === 'admin' && change.invoicesCustomers && !current.invoicesCustomers) {
      throw forbidden('Only the owner can accept that the platform invoices their customers in their name.');
    }
    const acceptedAt = change.invoicesCustomers ? (current.customerInvoicingAcceptedAt ?? ctx.now()) : null;
    const [after] = await tx
      .update(owners)
      .set({
        invoicesCustomers: change.invoicesCustomers,
        customerInvoicingAcceptedAt: acceptedAt,
        igicRegime: change.igicRegime,
        igicBps: percentToBps(change.igicPercent),
        updatedAt: ctx.now(),
      })
      .where(eq(owners.id, ownerId))
      .returning();
    if (!after) throw notFound('Owner');
    noteAudit({
      ownerId,
      objectId: ownerId,
      changes: changesBetween(current, after, [
        'invoicesCustomers',
        'customerInvoicingAcceptedAt',
        'igicRegime',
        'igicBps',
      ]),
    });
    return toSettings(after);
  });
}
