// What an owner lets their crew do (docs/back-office.md#walk-ins-below-the-minimum): GET and PUT
// /api/owner/crew-permissions, the token's owner's own. The admin sets the platform's own crew's
// (the platform's owner row) or names another owner with ?ownerId=.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  crewPermissionsResponseSchema,
  crewPermissionsSchema,
  type CrewPermissionsResponse,
} from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { forbidden, notFound } from '../../http/errors';
import { adminOf } from '../auth/require-admin';
import { audited, noteAudit } from '../audit/audit-trail';
import { platformOwnerId } from '../owner-scope/platform-owner';
import {
  findCrewPermissions,
  setCrewPermissions,
  type CrewPermissionsRow,
} from './crew-permissions-repository';

const security = [{ bearer: [] }];
const ownerQuery = z.object({ ownerId: uuid.optional() });

/** An owner's own (whatever the query says); the admin's: the platform's crew unless it names an owner. */
async function ownerOf(
  ctx: AppContext,
  request: FastifyRequest & { query: { ownerId?: string | undefined } },
) {
  const user = adminOf(request);
  if (user.role === 'owner' && user.ownerId) return user.ownerId;
  if (user.role !== 'admin') throw forbidden();
  return request.query.ownerId ?? (await platformOwnerId(ctx.db));
}

const toResponse = (row: CrewPermissionsRow): CrewPermissionsResponse => ({
  permissions: { sellBelowMinimum: row.crewMaySellBelowMinimum },
  isPlatform: row.isPlatform,
});

export const crewPermissionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/owner/crew-permissions',
    {
      schema: {
        tags: ['owner'],
        summary: "What the owner's crew may do beyond the usual: sell walk-ins below a trip's minimum",
        security,
        querystring: ownerQuery,
        response: { 200: crewPermissionsResponseSchema },
      },
    },
    async (request) => {
      const row = await findCrewPermissions(ctx.db, await ownerOf(ctx, request));
      if (!row) throw notFound('Owner');
      return toResponse(row);
    },
  );

  app.put(
    '/api/owner/crew-permissions',
    {
      config: audited('owner.crew_permissions', { object: null }),
      schema: {
        tags: ['owner'],
        summary:
          "Sets whether the owner's crew may sell walk-ins below a trip's minimum (the trip then sails)",
        security,
        querystring: ownerQuery,
        body: crewPermissionsSchema,
        response: { 200: crewPermissionsResponseSchema },
      },
    },
    async (request) => {
      const ownerId = await ownerOf(ctx, request);
      const before = await findCrewPermissions(ctx.db, ownerId);
      const row = before && (await setCrewPermissions(ctx.db, ownerId, request.body, ctx.now()));
      if (!before || !row) throw notFound('Owner');
      noteAudit({
        objectId: ownerId,
        ownerId,
        changes: {
          crewMaySellBelowMinimum: {
            before: before.crewMaySellBelowMinimum,
            after: row.crewMaySellBelowMinimum,
          },
        },
      });
      return toResponse(row);
    },
  );
};
