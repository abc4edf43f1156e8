import { ConfigError } from '../../errors.js';
import { PROFILE_NAMES, type Profile, type ProfileName } from '../taxonomy.js';
import { JSONRPC_2_0 } from './jsonrpc-2-0.js';
import { MCP_2025_06_18 } from './mcp-2025-06-18.js';
import { MCP_2025_11_25 } from './mcp-2025-11-25.js';
import { MCP_2026_07_28 } from './mcp-2026-07-28.js';

/** The built-in profiles by name. */
export const PROFILES: Readonly<Record<ProfileName, Profile>> = {
  'jsonrpc-2.0': JSONRPC_2_0,
  'mcp-2025-06-18': MCP_2025_06_18,
  'mcp-2025-11-25': MCP_2025_11_25,
  'mcp-2026-07-28': MCP_2026_07_28,
};

/**
 * The profile a config names when it names none (docs/design.md "Configuration").
 *
 * @internal
 */
export const DEFAULT_PROFILE: ProfileName = 'mcp-2025-11-25';

/** The built-in profile called `name`; a `ConfigError` listing the valid names otherwise. */
export function getProfile(name: unknown, where = 'profile'): Profile {
  if (typeof name === 'string' && (PROFILE_NAMES as readonly string[]).includes(name)) {
    return PROFILES[name as ProfileName];
  }
  const shown = typeof name === 'string' ? `"${name}"` : typeof name;
  throw new ConfigError(
    `${where}: ${shown} is not a known profile. Use one of: ${PROFILE_NAMES.join(', ')}.`,
  );
}
