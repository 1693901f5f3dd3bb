/** Reloads the page. (A module of its own so tests can watch it.) */
export function reloadPage(): void {
  window.location.reload();
}
