import { useEffect, useState } from 'react';

/**
 * A file the API sent (a door photo: its request needs the sign-in an img src cannot send) as an
 * address the page can show, freed when it goes. The address is given only for the file it was
 * made of: while another file is awaited there is none, never a freed one.
 */
export function useObjectUrl(file: Blob | undefined): string | null {
  const [made, setMade] = useState<{ file: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    setMade({ file, url });
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return made && made.file === file ? made.url : null;
}
