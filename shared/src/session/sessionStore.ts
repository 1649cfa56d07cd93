import { create } from 'zustand';

/** What the browser keeps about a signed-in customer (sessionStorage key `data`). */
export interface SessionData {
  firstname: string;
  lastname: string;
  authtoken: string;
}

export const SESSION_KEY = 'data';
export const ORDER_ID_KEY = 'orderid';

function readStoredSession(): SessionData | null {
  if (typeof sessionStorage === 'undefined') return null;
  const raw = sessionStorage.getItem(SESSION_KEY);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<SessionData>;
    if (typeof parsed?.authtoken !== 'string') return null;
    return {
      firstname: String(parsed.firstname ?? ''),
      lastname: String(parsed.lastname ?? ''),
      authtoken: parsed.authtoken,
    };
  } catch {
    return null;
  }
}

function readStoredOrderId(): number | null {
  if (typeof sessionStorage === 'undefined') return null;
  const raw = sessionStorage.getItem(ORDER_ID_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? id : null;
}

interface SessionState {
  /** null means signed out: the spec defines "signed in" as the `data` entry existing. */
  session: SessionData | null;
  orderId: number | null;
  signIn(data: SessionData): void;
  signOut(): void;
  setOrderId(id: number | null): void;
  /** Clears all of sessionStorage, as the reset flow of the spec does. */
  clearAll(): void;
}

/**
 * One store for every remote: @marketplace/shared is a module federation singleton,
 * so a sign-in inside the account remote is seen by the shell's header at once.
 *
 * It is made signed out, and the stored session is put in right after: zustand's hook gives React
 * the state the store was made with as the server snapshot, which React renders while it hydrates
 * server HTML. The server renders signed out (it knows no session, so its HTML is the same for
 * everyone); the hydrating render must match it, and the stored session shows in the next commit.
 */
export const useSession = create<SessionState>((set) => ({
  session: null,
  orderId: null,
  signIn(data) {
    const session = { firstname: data.firstname, lastname: data.lastname, authtoken: data.authtoken };
    sessionStorage.setItem(SESSION_KEY, JSON.stringify(session));
    set({ session });
  },
  signOut() {
    sessionStorage.removeItem(SESSION_KEY);
    sessionStorage.removeItem(ORDER_ID_KEY);
    set({ session: null, orderId: null });
  },
  setOrderId(id) {
    if (id === null) sessionStorage.removeItem(ORDER_ID_KEY);
    else sessionStorage.setItem(ORDER_ID_KEY, String(id));
    set({ orderId: id });
  },
  clearAll() {
    sessionStorage.clear();
    set({ session: null, orderId: null });
  },
}));
useSession.setState({ session: readStoredSession(), orderId: readStoredOrderId() });

/** The login token of the signed-in customer, or null; for code outside React. */
export function currentAuthToken(): string | null {
  return useSession.getState().session?.authtoken ?? null;
}

export function useIsSignedIn(): boolean {
  return useSession((s) => s.session !== null);
}
