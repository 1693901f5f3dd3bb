/** The readable text of a raw e-mail: quoted-printable soft breaks and escapes undone. */
export function mailText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The bytes of the inline image a raw e-mail carries under this Content-ID, or null. */
export function inlineImage(raw: string, cid: string): Buffer | null {
  const part = raw.split(/\r?\n--/).find((section) => section.includes(`Content-ID: <${cid}>`));
  if (!part) return null;
  const body = part
    .split(/\r?\n\r?\n/)
    .slice(1)
    .join('');
  return Buffer.from(body.replace(/\s+/g, ''), 'base64');
}
