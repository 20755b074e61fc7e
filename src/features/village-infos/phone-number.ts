/** The digits a phone field holds, spaces and dots left out (the contract stores digits only). */
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

/** "06 12 34 56 78": digits in pairs, the way French numbers are read aloud and written. */
export const formatPhone = (phone: string) => phoneDigits(phone).replace(/(\d{2})(?=\d)/g, '$1 ');

/** The `tel:` address a phone opens its dialler with. */
export const phoneHref = (phone: string) => `tel:${phoneDigits(phone)}`;
