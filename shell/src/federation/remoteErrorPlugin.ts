import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * What `loadRemote` resolves with, instead of rejecting, when a remote could not be loaded:
 * its server is down, its manifest or entry is broken, or its module threw while loading.
 */
export interface RemoteFailure {
  readonly remoteFailure: true;
  /** The request, e.g. 'auction/App'. */
  readonly id: string;
  readonly error: unknown;
}

export function isRemoteFailure(value: unknown): value is RemoteFailure {
  return typeof value === 'object' && value !== null && (value as Partial<RemoteFailure>).remoteFailure === true;
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Module federation runtime plugin of the shell (webpack.config.js → runtimePlugins).
 *
 * Every way a remote can fail to load ends in the runtime's `errorLoadRemote` hook with
 * lifecycle 'onLoad' (a failed manifest fetch first passes through 'afterResolve', where we
 * return nothing so the runtime throws and reaches 'onLoad'). There we turn the failure into a
 * value, so no federation error escapes as an unhandled rejection; the shell's loader turns it
 * into a RemoteUnavailableError that the area's error boundary shows in words, with a retry.
 *
 * This file is part of the shell's entry chunk, before shared modules are negotiated: it must
 * not import react or any other shared module.
 */
export default function remoteErrorPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'marketplace-remote-error',
    errorLoadRemote({ id, error, lifecycle }) {
      if (lifecycle !== 'onLoad') return undefined;
      console.warn(`[shell] ${id} could not be loaded: ${describe(error)}`);
      const failure: RemoteFailure = { remoteFailure: true, id, error };
      return failure;
    },
  };
}
