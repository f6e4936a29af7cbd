/** What the rest of the server may use of the config module (the CSP names the analytics host). */
export { posthogConfig } from './config.service.ts';
