/**
 * A JSON text column read back (releases' checks and uploader, the history's figures, error groups' frames): what
 * this code wrote, so never unreadable in practice; a row that is anyway reads as `fallback` instead of failing
 * the whole answer.
 */
export function parseJson<T>(text: string, fallback: T): T {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}
