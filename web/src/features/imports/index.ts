/** What Workspace Settings shows of Import to those who may not import. */
export { IMPORT_OWNERS_ONLY } from './utils/sources';
