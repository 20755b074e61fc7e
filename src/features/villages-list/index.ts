// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { villageDestination } from './village-summary';
export { VILLAGES_QUERY_KEY } from './villages-query';
export { restOfWeek, weekSlotsOf, weekSlotsText, type WeekSlots } from './week-slots';
