// The admin's resellers: list, create, issue and revoke API keys (registered in the admin-only
// plugin of back-office-routes.ts). The OCTO API they call is modules/octo/.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuid } from '@boats/domain/schemas/common';
import {
  issueApiKeyInputSchema,
  issuedApiKeyResponseSchema,
  resellerApiKeySchema,
  resellerInputSchema,
  resellerResponseSchema,
  resellersListResponseSchema,
} from '@boats/domain/schemas/resellers';
import type { AppContext } from '../../context';
import { audited, noteAudit } from '../audit/audit-trail';
import { createReseller, issueApiKey, resellersWithKeys, revokeKey } from './reseller-service';

const security = [{ bearer: [] }];

export const adminResellerRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/api/admin/resellers',
    {
      schema: {
        tags: ['admin'],
        summary: 'The resellers with their API keys (never the keys themselves)',
        security,
        response: { 200: resellersListResponseSchema },
      },
    },
    async () => ({ items: await resellersWithKeys(ctx) }),
  );

  app.post(
    '/api/admin/resellers',
    {
      config: audited('reseller.create'),
      schema: {
        tags: ['admin'],
        summary: 'Adds a reseller: its contact, commission and cancellation agreement',
        security,
        body: resellerInputSchema,
        response: { 200: resellerResponseSchema },
      },
    },
    async (request) => {
      const reseller = await createReseller(ctx, request.body);
      noteAudit({ objectId: reseller._id });
      return { reseller };
    },
  );

  app.post(
    '/api/admin/resellers/:id/keys',
    {
      config: audited('reseller.issue_key'),
      schema: {
        tags: ['admin'],
        summary: 'Issues an API key for the OCTO API: the answer is the only time it is shown',
        security,
        params: z.object({ id: uuid }),
        body: issueApiKeyInputSchema,
        response: { 200: issuedApiKeyResponseSchema },
      },
    },
    async (request) => {
      const issued = await issueApiKey(ctx, request.params.id, request.body.label);
      noteAudit({ objectId: request.params.id });
      return issued;
    },
  );

  app.post(
    '/api/admin/resellers/:id/keys/:keyId/revoke',
    {
      config: audited('reseller.revoke_key'),
      schema: {
        tags: ['admin'],
        summary: 'Revokes an API key: calls with it are refused from now on',
        security,
        params: z.object({ id: uuid, keyId: uuid }),
        response: { 200: z.object({ key: resellerApiKeySchema }) },
      },
    },
    async (request) => {
      const key = await revokeKey(ctx, request.params.id, request.params.keyId);
      noteAudit({ objectId: request.params.id });
      return { key };
    },
  );
};
