import type { FastifyRequest } from 'fastify';
import { forbidden, invalidField } from '../../http/errors';
import { adminOf } from '../auth/require-admin';

/**
 * Whose money a call of /api/owner/* reads: an owner's own (the token's owner, whatever the
 * query says); the platform admin names the owner (`?ownerId=`), to see what that owner sees.
 */
export function ownerIdOf(request: FastifyRequest & { query: { ownerId?: string | undefined } }): string {
  const user = adminOf(request);
  if (user.role === 'owner' && user.ownerId) return user.ownerId;
  if (user.role !== 'admin') throw forbidden();
  const { ownerId } = request.query;
  if (!ownerId) throw invalidField('query.ownerId', 'validation.required', 'Name the owner: ?ownerId=');
  return ownerId;
}
