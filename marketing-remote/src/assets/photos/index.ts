// Written by scripts/build-photos.mjs (pnpm photos) from marketing-remote/assets/photos/. Do not edit.
import type { Photo } from '../../components/photo';

export const PHOTOS: Record<string, Photo> = {};
