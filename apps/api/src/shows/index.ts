// What the shows domain offers the others: a domain imports another only through its entry file
// (scripts/boundaries/api-rules.mjs checks it), so this list is the whole of what they share.
export { membersCanSee } from './member-visible';
export {
  findShow,
  insertShowItem,
  insertShowItems,
  listLineup,
  lockShow,
  nextOrderIndex,
  TEST_PRODUCT_COLUMNS,
} from './repository';
export { testProducts } from './show-items';
export { pauseLiveShow, runShowCommand, toAdminItem } from './shows';
