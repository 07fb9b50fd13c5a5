// Staff accounts: list, create and disable. The platform admin manages admin and crew accounts
// (its crew serve the platform's boats); an owner manages only the crew of their own boats.
// A disabled account cannot sign in or renew its session, and its open sessions end at once.
import type { StaffAccount, StaffCreate } from '@boats/domain/schemas/staff';
import { staffRole } from '@boats/domain/schemas/staff';
import { isUuid } from '@boats/domain/schemas/common';
import type { AppContext } from '../../context';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import type { TokenUser } from '../auth/access-token';
import { scopeOf } from '../owner-scope/owner-scope';
import { hashPassword } from '../auth/password';
import { revokeAllForUser } from '../auth/refresh-token-repository';
import { platformOwnerId } from '../owner-scope/platform-owner';
import { insertUserIfNew, listStaffUsers, setUserDisabled, type UserRow } from '../auth/user-repository';

function toStaffAccount(row: UserRow): StaffAccount {
  return {
    _id: row.id,
    email: row.email,
    role: staffRole.parse(row.role),
    disabled: row.disabledAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listStaff(ctx: AppContext, user: TokenUser): Promise<StaffAccount[]> {
  return (await listStaffUsers(ctx.db, scopeOf(user))).map(toStaffAccount);
}

export async function createStaff(
  ctx: AppContext,
  user: TokenUser,
  input: StaffCreate,
): Promise<StaffAccount> {
  if (user.role !== 'admin' && input.role !== 'crew')
    throw forbidden('Only the platform admin creates admin accounts');
  const row = await insertUserIfNew(ctx.db, {
    email: input.email,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    // The admin's crew serve the platform's own boats, an owner's crew that owner's.
    ownerId: input.role !== 'crew' ? null : (user.ownerId ?? (await platformOwnerId(ctx.db))),
  });
  if (!row) throw conflict('email_taken', `${input.email} already has an account`, { field: 'email' });
  return toStaffAccount(row);
}

export async function setStaffDisabled(
  ctx: AppContext,
  user: TokenUser,
  id: string,
  disabled: boolean,
): Promise<StaffAccount> {
  // Nobody locks themselves out; another admin can do it if it must be done.
  if (disabled && id === user.id)
    throw badRequest('cannot_disable_self', 'You cannot disable your own account');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = isUuid(id)
      ? await setUserDisabled(tx, scopeOf(user), id, disabled ? now : null)
      : undefined;
    if (updated && disabled) await revokeAllForUser(tx, id, now);
    return updated;
  });
  if (!row) throw notFound('Account');
  return toStaffAccount(row);
}
