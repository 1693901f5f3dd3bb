import { useEffect, useState } from 'react';
import { formatMonth } from '@blooms/shared/contract/months';
import { accountPhotoUrl } from './account-session';

/** The driver's photo of the vase at the door, fetched with the sign-in. */
export function DoorPhoto({ path, month }: { path: string; month: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    let current = true;
    accountPhotoUrl(path).then(
      (made) => {
        url = made;
        if (current) setSrc(made);
        else URL.revokeObjectURL(made);
      },
      () => current && setFailed(true),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (failed) return <span> (the photo could not be loaded)</span>;
  return src ? (
    <img className="account__photo" src={src} alt={`Your flowers at the door, ${formatMonth(month)}`} />
  ) : (
    <span role="status"> Loading the photo…</span>
  );
}
