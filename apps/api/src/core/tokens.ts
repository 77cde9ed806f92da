// Emailed links' tokens are minted by the mail deliverer (@vault/notify), which the worker runs
// too; the API checks them against the same hash.
export { createToken, hashToken } from '@vault/notify';
