import { useEffect, useState } from 'react';

/** A file the API sent (a door photo: its request needs the sign-in an img src cannot send) as an address the page can show, freed when it goes. */
export function useObjectUrl(file: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}
