/** A photo prepared by `pnpm photos`: AVIF and WebP files with their widths. */
export interface Photo {
  width: number;
  height: number;
  avif: [src: string, width: number][];
  webp: [src: string, width: number][];
}

export const srcSet = (files: [string, number][]) => files.map(([src, width]) => `${src} ${width}w`).join(', ');
