// The header (Cabecera) of a message of one issuer's records: the issuer is obliged to issue
// them (ObligadoEmision); for an owner's records the platform, which generates and sends them on
// the owner's behalf, is their representative (docs/invoicing.md#records).
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { billingRecords } from './schema';
import { platformIssuer } from './issuers';
import type { MessageHeader } from './record-xml';

export async function messageHeader(ctx: AppContext, issuerNif: string): Promise<MessageHeader> {
  const platform = platformIssuer(ctx.config);
  if (issuerNif === platform.nif) return { issuer: platform, representative: null };
  const [alta] = await ctx.db
    .select({ content: billingRecords.content })
    .from(billingRecords)
    .where(eq(billingRecords.issuerNif, issuerNif))
    .limit(1);
  const name = alta?.content.kind === 'alta' ? alta.content.issuerName : issuerNif;
  return { issuer: { name, nif: issuerNif }, representative: platform };
}
