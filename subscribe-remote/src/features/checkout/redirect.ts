/** Leaves the site for the payment provider's page (checkout, or the card page). A module of its own so tests can watch it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
