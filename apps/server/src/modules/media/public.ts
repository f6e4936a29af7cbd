/**
 * What other modules use of media — storage only, no access rules (the flashcards module decides
 * who may upload and read a deck's images): storing, reading and copying a deck's images.
 */
export {
  copyMediaToDeck,
  mediaBytes,
  mediaOwners,
  mediaUrl,
  sniffImage,
  storeMedia,
  type StoreMediaInput,
} from './media-store.service.ts';
