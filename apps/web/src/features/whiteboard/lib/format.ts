/** Bytes as "1,5 MB" in the interface language (1 MB = 1024 × 1024 bytes, as the limits). */
export function formatBytes(bytes: number, language: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit: units[unit],
    // Bytes in words ("2 bytes", "1 byte"): ICU's short form says "2 byte" in English and
    // "1 bytes" in Portuguese. kB, MB and GB stay short.
    unitDisplay: unit === 0 ? 'long' : 'short',
    maximumFractionDigits: unit === 0 ? 0 : 1,
  }).format(value);
}

/** A thumbnail's address, changing with the board's version (so a new one is fetched). */
export function thumbnailSrc(url: string | null, version: number): string | null {
  if (!url) return null;
  return `${url}${url.includes('?') ? '&' : '?'}v=${version}`;
}
