/** Writes text to the clipboard; false when the browser has no clipboard or refuses (insecure page, no permission).
 * Kept apart from the page table so the island bundle stays small. */
export async function copyText(text: string, clipboard: Pick<Clipboard, 'writeText'> | undefined): Promise<boolean> {
  if (!clipboard) return false;
  try {
    await clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
