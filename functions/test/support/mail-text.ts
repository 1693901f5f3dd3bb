/** The readable text of a raw e-mail: quoted-printable soft breaks and escapes undone. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
