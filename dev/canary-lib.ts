/** What `npm run canary` (dev/canary-cli.mjs) uses from contracts, bundled by it in one piece. */
export { KV_RELEASES_KEY, parseRemoteReleases, pinTenant, promoteVersion, registerVersion, rollbackTenant, stablePin } from '../contracts/src/releases.ts';
export { parseSiteConfig, REMOTE_NAMES } from '../contracts/src/tenant.ts';
export { contractFailures } from './contract-suite.ts';
