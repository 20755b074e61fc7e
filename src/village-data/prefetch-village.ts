/**
 * A village route's loader: starts the pull without waiting for it (the screen shows what the device holds
 * at once). Loaders stay in the app's entry chunk, so the data layer is imported only when a village route
 * is reached: the sign-in screens do not carry it.
 */
export function prefetchVillage(ctx: { params: { id: string } }) {
  void import('./village-query').then(({ startVillagePull }) => startVillagePull(ctx.params.id));
}
