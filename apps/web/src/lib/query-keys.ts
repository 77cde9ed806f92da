// Query keys of server data read by more than one feature. Each key is also the URL the default
// query function fetches, so a feature can read it without importing another feature.

/** GET /api/auth/user: the signed-in member; a 401 reads as "no user". */
export const currentUserKey = ['/api/auth/user'] as const;

/** GET /api/profile: the member's name, address and skill level. */
export const profileKey = ['/api/profile'] as const;

/** GET /api/payment-methods: the member's saved cards. */
export const paymentMethodsKey = ['/api/payment-methods'] as const;

/** GET /api/purchases: refreshed after every purchase. */
export const purchasesKey = ['/api/purchases'] as const;

/** GET /api/test-products: the $1 test products on sale; refreshed after every purchase. */
export const testProductsKey = ['/api/test-products'] as const;

/** GET /api/push/preferences: the member's push switches (every device alike) and how many devices receive them. */
export const pushPreferencesKey = ['/api/push/preferences'] as const;
