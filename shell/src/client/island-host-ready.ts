/**
 * The global the island host's build entry calls with its `IslandHost` once React and the MF runtime are ready
 * (island-host-entry.ts -> islands.ts `islandHostLoader`). Its own module: the host's bundle imports this constant
 * and nothing else of the shell's client (whose contracts code would come with it).
 */
export const ISLAND_HOST_READY = '__forecourtIslandHost';
