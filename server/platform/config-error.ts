/** A setting the process cannot start with: the message names the variable and what it must be, never a secret. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
