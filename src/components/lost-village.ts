/** The not-found data of a village route whose village left this device: the 404 page then says so in French. */
export const LOST_VILLAGE = { lostVillage: true } as const;

export const isLostVillage = (data: unknown) =>
  typeof data === 'object' && data !== null && (data as { lostVillage?: unknown }).lostVillage === true;
