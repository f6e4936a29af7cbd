/**
 * What the rest of the server may use of the config module: the CSP names the analytics host, and
 * the SPA writes the public configuration into the index.html it serves.
 */
export { posthogConfig, publicConfig } from './config.service.ts';
