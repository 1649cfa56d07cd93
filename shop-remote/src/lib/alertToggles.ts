import { useEffect } from 'react';
import { create } from 'zustand';
import { errorMessage, hasStatus, notify, useSession } from '@marketplace/shared';
import { endExpiredSession } from './failures';

/**
 * A per-product toggle the signed-in shopper keeps on the server (price-drop alerts, "Tell me
 * when it's back"): the product page asks the server for its own product (one cheap read); a
 * card knows only what was read or changed in this session, and shows not pressed otherwise.
 * The state belongs to one login token: another sign-in starts afresh.
 */
interface ToggleState {
  token: string | null;
  on: ReadonlyMap<number, boolean>;
  busy: ReadonlySet<number>;
}

export interface AlertToggle {
  /** The toggle of `productid`: pressed when known to be on; `known` once the server said. */
  use(productid: number, options?: { check?: boolean }): { pressed: boolean; known: boolean; busy: boolean };
  /** Switches it (the server's message is shown as a toast). */
  toggle(productid: number): Promise<void>;
}

export function alertToggle(api: {
  get(productid: number): Promise<boolean>;
  set(productid: number, on: boolean): Promise<{ msg: string; on: boolean }>;
}): AlertToggle {
  const EMPTY: ToggleState = { token: null, on: new Map(), busy: new Set() };
  const useStore = create<ToggleState>(() => EMPTY);
  const tokenNow = (): string | null => useSession.getState().session?.authtoken ?? null;

  function current(): ToggleState {
    const token = tokenNow();
    const state = useStore.getState();
    if (state.token === token) return state;
    const fresh = { ...EMPTY, token };
    useStore.setState(fresh, true);
    return fresh;
  }

  function record(productid: number, on: boolean): void {
    const map = new Map(current().on);
    map.set(productid, on);
    useStore.setState({ on: map });
  }

  function setBusy(productid: number, busy: boolean): void {
    const next = new Set(current().busy);
    if (busy) next.add(productid);
    else next.delete(productid);
    useStore.setState({ busy: next });
  }

  function useToggle(productid: number, { check = false } = {}) {
    const token = useSession((s) => s.session?.authtoken ?? null);
    const value = useStore((s) => (s.token === token ? s.on.get(productid) : undefined));
    const busy = useStore((s) => s.token === token && s.busy.has(productid));

    useEffect(() => {
      if (!check || !token) return;
      let active = true;
      current();
      api.get(productid).then(
        (on) => active && tokenNow() === token && record(productid, on),
        (error: unknown) => {
          if (active && tokenNow() === token && hasStatus(error, 401)) endExpiredSession(error);
        },
      );
      return () => {
        active = false;
      };
    }, [check, token, productid]);

    return { pressed: value === true, known: value !== undefined, busy };
  }

  async function toggle(productid: number): Promise<void> {
    const state = current();
    if (state.busy.has(productid)) return;
    const on = state.on.get(productid) === true;
    setBusy(productid, true);
    try {
      const reply = await api.set(productid, !on);
      record(productid, reply.on);
      notify({ text: reply.msg, kind: 'success' });
    } catch (error) {
      if (hasStatus(error, 401)) endExpiredSession(error);
      else notify({ text: errorMessage(error), kind: 'error' });
    } finally {
      setBusy(productid, false);
    }
  }

  return { use: useToggle, toggle };
}
