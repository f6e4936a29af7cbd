/** A JSON text column read back as a value for an export; text that is not JSON stays text. */
export function jsonText(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
