// The account's passkeys (server: modules/account/account-routes.ts): GET the list; add one
// (the server's one-time options, the browser's new passkey, its name); remove one. Adding and
// removing may ask for the second factor again (adminFetch's step-up) and ask for the list again.
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import {
  passkeyOptionsSchema,
  passkeySchema,
  passkeysSchema,
  type Passkey,
} from '@boats/domain/schemas/auth';
import { successResponseSchema } from '@boats/domain/schemas/staff';
import { adminFetch } from '../../../shared/auth/admin-fetch';

async function getPasskeys(signal?: AbortSignal): Promise<Passkey[]> {
  return (await adminFetch('/api/account/passkeys', { schema: passkeysSchema, signal })).passkeys;
}

const passkeysQueryOptions = () =>
  queryOptions({ queryKey: ['account', 'passkeys'] as const, queryFn: ({ signal }) => getPasskeys(signal) });

export function usePasskeys() {
  return useQuery(passkeysQueryOptions());
}

async function addPasskey(name: string): Promise<Passkey> {
  const { options } = await adminFetch('/api/account/passkeys/options', {
    method: 'POST',
    schema: passkeyOptionsSchema,
  });
  const response = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return adminFetch('/api/account/passkeys', {
    method: 'POST',
    body: { name, response },
    schema: passkeySchema,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPasskey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      adminFetch(`/api/account/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        schema: successResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['account'] }),
  });
}
