/** Whether the router is still on the page the app was opened on (no navigation has happened yet). */
let navigated = false;

export const markNavigated = () => {
  navigated = true;
};

export const wasFirstLoad = () => !navigated;
