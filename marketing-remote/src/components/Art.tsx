import { PHOTOS } from '../assets/photos';
import { srcSet } from './photo';

interface Props {
  /** The illustration, used unless the owner has supplied a photo for this picture. */
  src: string;
  /** The picture's name; a photo of that name in assets/photos replaces the illustration. */
  slot: string;
  alt: string;
  width: number;
  height: number;
  /** How wide the picture shows, for choosing a photo size (a CSS sizes value). */
  sizes?: string;
  /** Above the fold: load at once with high priority; everything else loads lazily. */
  priority?: boolean;
  className?: string;
}

/** A picture with explicit dimensions (no layout shift) that loads lazily below the fold. */
export function Art({ src, slot, alt, width, height, sizes = '(min-width: 860px) 50vw, 100vw', priority = false, className }: Props) {
  const loading = priority ? 'eager' : 'lazy';
  const priorityHint = priority ? { fetchPriority: 'high' as const } : {};
  const photo = PHOTOS[slot];
  if (photo) {
    return (
      <picture>
        <source type="image/avif" srcSet={srcSet(photo.avif)} sizes={sizes} />
        <source type="image/webp" srcSet={srcSet(photo.webp)} sizes={sizes} />
        <img
          src={photo.webp.at(-1)![0]}
          alt={alt}
          width={photo.width}
          height={photo.height}
          loading={loading}
          decoding="async"
          {...priorityHint}
          className={className}
        />
      </picture>
    );
  }
  return (
    <img src={src} alt={alt} width={width} height={height} loading={loading} decoding="async" {...priorityHint} className={className} />
  );
}
