// The end of every sign-in (password alone, or with the second factor or its enrolment): the
// session with its refresh cookie, the device cookie, and the e-mail to the account's address
// when a browser that never signed in to it did (docs/security.md#sessions): someone with a
// stolen password is seen at once. An account's very first sign-in has no earlier device to
// compare with, so it sends none.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AuthResponse } from '@boats/domain/schemas/auth';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { owners } from '../../db/schema';
import { emitEvent } from '../events/domain-events';
import { startSession } from './auth-service';
import { isTrustedDevice, trustDevice } from './login-throttle';
import { setRefreshCookie } from './refresh-cookie';
import {
  clientNameOf,
  countryOf,
  hasSignedInBefore,
  isLocalAddress,
  type SessionClient,
} from './session-devices';
import { normalizeEmail, type UserRow } from './user-repository';

export const sessionClient = (request: FastifyRequest): SessionClient => ({
  userAgent: request.headers['user-agent'] ?? '',
  ip: request.ip,
});

/** An owner's e-mails are in the owner's language; other accounts' in the sign-in page's. */
export async function accountLanguage(ctx: AppContext, user: UserRow, pageLanguage: string): Promise<string> {
  if (user.role !== 'owner' || !user.ownerId) return pageLanguage;
  const [owner] = await ctx.db
    .select({ language: owners.language })
    .from(owners)
    .where(eq(owners.id, user.ownerId));
  return owner?.language ?? pageLanguage;
}

export async function completeSignIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  options: { remember: boolean; factorProved: boolean; language: string },
): Promise<AuthResponse> {
  const account = normalizeEmail(user.email);
  const newDevice = !isTrustedDevice(ctx, request, account) && (await hasSignedInBefore(ctx.db, user.id));
  const client = sessionClient(request);
  const session = await startSession(ctx, user, options.remember, client, options.factorProved);
  setRefreshCookie(reply, ctx, session);
  trustDevice(ctx, reply, account);
  if (newDevice) {
    // The e-mail hangs off the event (mail/account-emails.ts), queued by the event job.
    await emitEvent(ctx.db, {
      kind: 'account.new_device_sign_in',
      bookingId: null,
      payload: {
        email: user.email,
        language: await accountLanguage(ctx, user, options.language),
        ...clientNameOf(client.userAgent),
        country: countryOf(client.ip),
        local: isLocalAddress(client.ip),
        at: ctx.now().toISOString(),
      },
    });
  }
  reply.header('cache-control', 'no-store');
  return { accessToken: session.accessToken, user: session.user };
}
