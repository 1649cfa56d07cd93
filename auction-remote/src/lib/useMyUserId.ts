import { useEffect, useState } from 'react';
import { getUserData, useSession } from '@marketplace/shared';

export type MyUserId =
  | { status: 'signedOut' }
  | { status: 'loading' }
  | { status: 'ready'; userid: number }
  | { status: 'error'; error: unknown };

/** The signed-in customer's userid (from the user-data call), asked again when the login changes. */
export function useMyUserId(): MyUserId {
  const token = useSession((s) => s.session?.authtoken ?? null);
  const [state, setState] = useState<MyUserId>(token ? { status: 'loading' } : { status: 'signedOut' });

  useEffect(() => {
    if (!token) {
      setState({ status: 'signedOut' });
      return undefined;
    }
    let current = true;
    setState({ status: 'loading' });
    getUserData().then(
      (customer) => current && setState({ status: 'ready', userid: customer.userid }),
      (error: unknown) => current && setState({ status: 'error', error }),
    );
    return () => {
      current = false;
    };
  }, [token]);

  return state;
}
