/** What other features use of the Trash: the words of a delete's toast, and the Trash's cache key (realtime). */
export { MOVED_TO_TRASH, trashKeys } from './api/trash';
