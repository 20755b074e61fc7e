/** The same address with the webcal scheme, which opens the device's calendar app as a subscription. */
export const webcalUrl = (url: string) => url.replace(/^https?:\/\//, 'webcal://');

/** Google Calendar's "add by URL" page, prefilled with the subscription. */
export const googleCalendarUrl = (url: string) => `https://calendar.google.com/calendar/r?cid=${encodeURIComponent(webcalUrl(url))}`;
