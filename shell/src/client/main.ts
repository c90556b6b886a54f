import '../styles/shell.css';
import { initChrome } from './chrome.ts';
import { hydrateIslands, registerTenantRemotes } from './islands.ts';

initChrome();
registerTenantRemotes();
void hydrateIslands();
