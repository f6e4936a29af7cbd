/**
 * What other modules use of media — storage only, no access rules (the flashcards module decides
 * who may upload and read a deck's images; the boards module a board's): storing, reading and
 * copying a deck's images, and images of no deck (a board's: stored, copied, deleted by boards).
 */
export {
  copyLooseMedia,
  copyMediaToDeck,
  deleteMedia,
  mediaBytes,
  mediaOwners,
  mediaUrl,
  sniffImage,
  storeLooseMedia,
  storeMedia,
  type StoreMediaInput,
} from './media-store.service.ts';
export { selectMediaForExport } from './export.queries.ts';
