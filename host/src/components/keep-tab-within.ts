/**
 * Tab and Shift+Tab go round these elements, in the order given, and never leave them: for the
 * open mobile menu and the popup, which dim the page behind them. From outside them, Tab
 * enters at the first.
 */
export function keepTabWithin(event: KeyboardEvent, stops: HTMLElement[]): void {
  if (stops.length === 0) return;
  const at = stops.indexOf(document.activeElement as HTMLElement);
  const next = at === -1 ? 0 : (at + (event.shiftKey ? -1 : 1) + stops.length) % stops.length;
  event.preventDefault();
  stops[next]!.focus();
}
