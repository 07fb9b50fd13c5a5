// The platform admin's owner routes (registered in the admin plugin of back-office-routes.ts:
// owners never reach them): owners with their commission and status, and their representation
// of the platform before the AEAT (docs/invoicing.md#sending-for-others-lawfully).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  aeatRepresentationSchema,
  ownerListResponseSchema,
  ownerResponseSchema,
  ownerUpdateSchema,
  type OwnerUpdate,
} from '@boats/domain/schemas/owner';
import type { AppContext } from '../../context';
import { getOwner, listOwners, recordAeatRepresentation, updateOwnerByAdmin } from './admin-owner-service';
import { audited } from '../audit/audit-trail';
import { conflict } from '../../http/errors';
import { stepUp, stepUpWhen } from '../auth/step-up';

const tags = ['owners'];
const security = [{ bearer: [] }];
const idParams = z.object({ id: uuid });

/**
 * A commission moves every future sale's money: changing it asks for the second factor again
 * (step-up); the same rate sent again, or a change of other fields, does not.
 */
async function commissionChanges(
  ctx: AppContext,
  { body, params }: { body: OwnerUpdate; params: { id: string } },
): Promise<boolean> {
  const asked = body.commissionPercent;
  if (asked === undefined) return false;
  const before = await getOwner(ctx, params.id);
  const unchanged =
    asked === null
      ? !before.commissionOverridden
      : before.commissionOverridden && before.commissionPercent === asked;
  return !unchanged;
}

export const adminOwnerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/owners',
    {
      schema: {
        tags,
        security,
        summary: 'Every owner (the platform first) with commission, status and boats',
        response: { 200: ownerListResponseSchema },
      },
    },
    async () => ({ items: await listOwners(ctx) }),
  );

  app.get(
    '/api/admin/owners/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One owner',
        params: idParams,
        response: { 200: ownerResponseSchema },
      },
    },
    async (request) => ({ owner: await getOwner(ctx, request.params.id) }),
  );

  app.patch(
    '/api/admin/owners/:id',
    {
      config: { ...audited('owner.update'), ...stepUpWhen(commissionChanges) },
      schema: {
        tags,
        security,
        summary:
          'Corrects an owner, sets their commission (null: the site default) or reactivates them; suspending is POST …/suspend (409 suspend_asks_first here)',
        params: idParams,
        body: ownerUpdateSchema,
        response: { 200: ownerResponseSchema },
      },
    },
    async (request) => {
      // Suspending takes the owner's boats off the site with paid customers ahead: only the safe
      // action (POST …/suspend) does it, having asked what becomes of those bookings.
      if (request.body.status === 'suspended') {
        const before = await getOwner(ctx, request.params.id);
        if (before.status !== 'suspended' && !before.isPlatform)
          throw conflict(
            'suspend_asks_first',
            'Suspend an owner with POST /api/admin/owners/{id}/suspend, which says what becomes of their paid bookings ahead.',
          );
      }
      return { owner: await updateOwnerByAdmin(ctx, request.params.id, request.body) };
    },
  );

  app.put(
    '/api/admin/owners/:id/aeat-representation',
    {
      // Lets the platform's certificate send billing records in the owner's name: step-up.
      config: { ...audited('owner.aeat_representation'), ...stepUp() },
      schema: {
        tags,
        security,
        summary:
          'Records the owner’s representation of the platform before the AEAT (apoderamiento), as checked: the day granted and the evidence; the owner’s waiting billing records then go',
        description:
          '400 naming `body.since` for a day ahead; 409 `platform_owner` for the platform, which sends its own.',
        params: idParams,
        body: aeatRepresentationSchema,
        response: { 200: ownerResponseSchema },
      },
    },
    async (request) => ({ owner: await recordAeatRepresentation(ctx, request.params.id, request.body) }),
  );

  app.delete(
    '/api/admin/owners/:id/aeat-representation',
    {
      config: audited('owner.aeat_representation_revoke'),
      schema: {
        tags,
        security,
        summary:
          'Records that the owner revoked the representation: their billing records wait again, with an alert, until a new one is recorded',
        params: idParams,
        response: { 200: ownerResponseSchema },
      },
    },
    async (request) => ({ owner: await recordAeatRepresentation(ctx, request.params.id, null) }),
  );
};
