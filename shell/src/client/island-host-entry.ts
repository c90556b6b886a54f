/**
 * Build entry of the island host (shell/vite.config.mjs): the Module Federation plugin runs this after it has
 * initialised the runtime and React's share, so handing the host to the shell's client here means islands mount
 * with the shared React the remotes use.
 */
import { createIslandHost } from './island-host.ts';
import { ISLAND_HOST_READY } from './island-host-ready.ts';

const ready = (globalThis as Record<string, unknown>)[ISLAND_HOST_READY];
if (typeof ready === 'function') ready(createIslandHost(document));
