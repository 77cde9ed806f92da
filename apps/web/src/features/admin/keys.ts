// The admin's query keys. URL keys are what the default query function reads (SPEC §7).

export const showsKey = ['/api/shows'] as const;
export const showItemsKey = ['/api/show-items'] as const;
export const watchersKey = ['/api/show/watchers'] as const;
export const purchasesKey = (showId: string) => ['/api/shows', showId, 'purchases'] as const;
/** Not a URL: it holds the view together with the clock offset measured when it arrived. */
export const liveShowKey = ['admin', 'live-show'] as const;
