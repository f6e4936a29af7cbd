import { createContext, useContext } from 'react';
import type { PublicConfig } from '@aprenda/shared/schemas/config';
import { DEFAULT_CONFIG } from './config';

export const ConfigContext = createContext<PublicConfig>(DEFAULT_CONFIG);

/** The runtime configuration from GET /api/config. */
export function useConfig(): PublicConfig {
  return useContext(ConfigContext);
}
