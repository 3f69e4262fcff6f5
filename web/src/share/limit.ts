// The share link's size cap, apart from the codec (fflate) so the share box can check a link
// without loading it.

/** Longer fragments are refused before any decoding. */
export const MAX_HASH_CHARS = 16_000;

/** Whether a page opens `link`: its fragment is within MAX_HASH_CHARS (decodeScenarioHash's cap). */
export function linkOpens(link: string): boolean {
  const at = link.indexOf('#');
  return at < 0 || link.length - at <= MAX_HASH_CHARS;
}
