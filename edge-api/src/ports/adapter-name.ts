/**
 * Reads a port's adapter choice from its env var (e.g. SMS_ADAPTER). Unset or empty means 'embedded', so a
 * local runtime without vars still works; an unknown name fails loudly at startup of the request, never silently.
 */
export function adapterName<const T extends readonly string[]>(variable: string, value: string | undefined, known: T): T[number] {
  const name = value?.trim() || 'embedded';
  if (!(known as readonly string[]).includes(name)) {
    throw new Error(`${variable}="${name}" is not an available adapter (available: ${known.join(', ')}).`);
  }
  return name as T[number];
}

/** An absolute http(s) URL, for the URL variables of the real adapters (workers-types has no URL.canParse). */
export function isHttpUrl(value: string): boolean {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}
