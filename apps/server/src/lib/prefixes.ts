/** `path` is `prefix` itself or below it (`/api`, `/api/…`; not `/apis`). */
export function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || (path.startsWith(prefix) && path[prefix.length] === '/');
}
