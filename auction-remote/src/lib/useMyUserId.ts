import { getUserData, useResource, useSession, type ResourceState } from '@marketplace/shared';

/** The signed-in customer's userid as a load in the kit's words, or 'signedOut' without a login. */
export type MyUserId = ResourceState<number> | { status: 'signedOut' };

/** The signed-in customer's userid (from the user-data call), asked again when the login changes. */
export function useMyUserId(): MyUserId {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const me = useResource(
    () => (token ? getUserData().then((customer) => customer.userid) : Promise.resolve(null)),
    [token],
  );
  if (!token) return { status: 'signedOut' };
  if (me.status === 'failed') return { status: 'failed', error: me.error };
  // Null: the answer of the signed-out moment before this login's call started.
  if (me.status === 'loading' || me.data === null) return { status: 'loading' };
  return { status: 'ready', data: me.data, refreshing: me.refreshing };
}
