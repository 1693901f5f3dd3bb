/** Longest side of an uploaded delivery photo: plenty to see a doorstep, small on a phone network. */
export const MAX_PHOTO_SIDE = 1600;

/**
 * Re-encodes a photo as a JPEG no larger than MAX_PHOTO_SIDE. Formats the browser cannot
 * decode (HEIC on most browsers) are sent as they are; the server checks them either way.
 */
export async function downscalePhoto(file: File): Promise<Blob> {
  if (typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return file;
  }
  const scale = Math.min(1, MAX_PHOTO_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * scale);
  canvas.height = Math.round(bitmap.height * scale);
  const context = canvas.getContext('2d');
  if (!context) return file;
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
  return blob && blob.size < file.size ? blob : file;
}
