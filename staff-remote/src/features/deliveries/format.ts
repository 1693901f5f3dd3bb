/** 8015550101 -> (801) 555-0101 */
export function formatPhone(digits: string): string {
  const d = digits.replace(/\D/g, '');
  return d.length === 10 ? `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}` : digits;
}

/** "Dec 1, 2026": the day alone, for the dashboard's one-line rows (the time is in its title). */
export function formatSubmittedDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

export function formatSubmitted(iso: string): string {
  return new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
}
