import { useEffect, useState } from 'react';
import { historyApi } from './api';

/** A delivery's door photo, fetched with the caller's sign-in and shown small; it opens full size. */
export function DoorPhoto({ url, alt }: { url: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let current = true;
    historyApi.photo(url).then(
      (photo) => {
        if (!current) return;
        objectUrl = URL.createObjectURL(photo);
        setSrc(objectUrl);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  if (failed) return <p className="history__photo-missing">The photo could not be loaded.</p>;
  if (!src) return <p className="history__photo-missing">Loading the photo…</p>;
  return (
    <a className="history__photo" href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} />
    </a>
  );
}
