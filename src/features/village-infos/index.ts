// What other features may use of this one (eslint.config.js refuses their imports of anything else but actions.ts).
export { needyPerson } from './needy-person';
export { formatPhone } from './phone-number';
export { formatPeriod } from './village-period';
