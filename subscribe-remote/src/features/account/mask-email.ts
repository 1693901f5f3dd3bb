/** "jane@example.com" -> "j...@example.com": enough to recognise the address on a shared screen, not to read it. */
export function maskEmail(email: string): string {
  const trimmed = email.trim();
  const at = trimmed.lastIndexOf('@');
  if (at < 1) return trimmed;
  return `${trimmed[0]}...${trimmed.slice(at)}`;
}
