// The admin's staff accounts: list, create (admin or crew) and disable. A disabled account
// cannot sign in or renew its session, and its open sessions end at once.
import type { StaffAccount, StaffCreate } from '@boats/domain/schemas/staff';
import { staffRole } from '@boats/domain/schemas/staff';
import type { AppContext } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { isUuid } from '../boats/admin-boat-service';
import { hashPassword } from '../auth/password';
import { revokeAllForUser } from '../auth/refresh-token-repository';
import { platformOwnerId } from '../owners/owner-repository';
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

export async function listStaff(ctx: AppContext): Promise<StaffAccount[]> {
  return (await listStaffUsers(ctx.db)).map(toStaffAccount);
}

export async function createStaff(ctx: AppContext, input: StaffCreate): Promise<StaffAccount> {
  const row = await insertUserIfNew(ctx.db, {
    email: input.email,
    role: input.role,
    passwordHash: await hashPassword(input.password),
    // The admin's crew serve the platform's own boats.
    ownerId: input.role === 'crew' ? await platformOwnerId(ctx.db) : null,
  });
  if (!row) throw conflict('email_taken', `${input.email} already has an account`, { field: 'email' });
  return toStaffAccount(row);
}

export async function setStaffDisabled(
  ctx: AppContext,
  actingUserId: string,
  id: string,
  disabled: boolean,
): Promise<StaffAccount> {
  // Nobody locks themselves out; another admin can do it if it must be done.
  if (disabled && id === actingUserId)
    throw badRequest('cannot_disable_self', 'You cannot disable your own account');
  const now = ctx.now();
  const row = await ctx.db.transaction(async (tx) => {
    const updated = isUuid(id) ? await setUserDisabled(tx, id, disabled ? now : null) : undefined;
    if (updated && disabled) await revokeAllForUser(tx, id, now);
    return updated;
  });
  if (!row) throw notFound('Account');
  return toStaffAccount(row);
}
