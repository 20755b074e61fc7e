import { VILLAGE_CLOSED_MESSAGE } from '../contract/villages';

/**
 * The device knows the village is closed (`closed_at` on its row): a write to it would only wait in the outbox
 * for the server's 409, so it is refused at once with the server's own words, as a full disk is.
 */
export class VillageClosed extends Error {
  constructor() {
    super(VILLAGE_CLOSED_MESSAGE);
    this.name = 'VillageClosed';
  }
}
