import type { ComponentType } from 'react';

/**
 * What the shell renders of each remote: the modules it loads and their types. The shell's build
 * writes this file's declarations into its release (types/remote-contract.d.ts); the release gate
 * checks each remote's exposed modules (types/exposes/) against the live shell's copy, so a remote
 * whose ./App the live shell cannot render is refused before it goes live.
 */
export interface RemoteModules {
  /** The remote's route tree: a component the shell renders with no props. */
  './App': { default: ComponentType };
}
