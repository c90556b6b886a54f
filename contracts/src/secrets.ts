/**
 * Worker secrets a config names (a tenant's own CRM, Stripe or Meilisearch key): the config holds the secret's NAME,
 * never its value, and the Worker reads that secret from its env. Shared by edge-api's ports and mf-search's engine.
 */

/**
 * The names a config may give: upper-case env names only, so a config cannot point at a binding (`DB`, `CONFIG`,
 * `SEARCH`) or an object property.
 */
export const SECRET_NAME = /^[A-Z][A-Z0-9_]{0,63}$/;

/**
 * The value of the Worker secret (or var) called `name`: undefined when it is unset, empty or not a string (a binding).
 * The env is read as the plain object it is, so a name known only at run time needs no cast of the env's type.
 * @example const secret = secretNamed(env, route.secret ?? 'CRM_WEBHOOK_SECRET');
 */
export function secretNamed(env: object, name: string): string | undefined {
  const value: unknown = Reflect.get(env, name);
  return typeof value === 'string' && value !== '' ? value : undefined;
}
