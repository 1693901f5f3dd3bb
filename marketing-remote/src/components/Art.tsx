interface Props {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** Above the fold: load at once with high priority; everything else loads lazily. */
  priority?: boolean;
  className?: string;
}

/** An image with explicit dimensions (no layout shift) that loads lazily below the fold. */
export function Art({ src, alt, width, height, priority = false, className }: Props) {
  return (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      {...(priority ? { fetchPriority: 'high' as const } : {})}
      className={className}
    />
  );
}
