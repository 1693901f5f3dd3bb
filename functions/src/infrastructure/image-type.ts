import type { ProofType } from '@blooms/shared/contract/deliveries';

const HEIC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1']);

/** The image type by its first bytes, whatever the file is called; null when it is none we accept. */
export function sniffImageType(data: Buffer): ProofType | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'image/jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') return 'image/webp';
  if (data.length >= 12 && data.toString('latin1', 4, 8) === 'ftyp' && HEIC_BRANDS.has(data.toString('latin1', 8, 12))) return 'image/heic';
  return null;
}

export const EXTENSIONS: Record<ProofType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
};

export function typeOfKey(key: string): ProofType {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const entry = Object.entries(EXTENSIONS).find(([, ext]) => ext === extension);
  return (entry?.[0] as ProofType | undefined) ?? 'image/jpeg';
}
