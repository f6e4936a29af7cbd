/**
 * Saving a file the app built or fetched (a CSV export): the browser's own download, under a name
 * file systems accept. Shared by the results of an assignment and the class analytics.
 */

/** Hand `blob` to the browser as a download called `fileName`. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}

/**
 * A CSV file name from a title and what the file holds ("Frações 7A - notas.csv"): characters
 * file systems refuse become spaces, at most 100 characters of the title, `fallback` when empty.
 */
export function csvFileName(title: string, suffix: string, fallback: string): string {
  const base = title
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
  return `${base || fallback} - ${suffix}.csv`;
}
