/** Runtime configuration the server hands to the web at GET {API_PREFIX}/config. */
export interface PublicConfig {
  apiPrefix: string;
  recordsPrefix: string;
  github: boolean;
  posthog: { key: string; host: string } | null;
}
