import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { ADMIN_ROUTES } from '@blooms/shared/contract/admin-api-routes';
import { useObjectUrl } from '@blooms/shared/ui/use-object-url';
import { historyApi } from './api';

/** A delivery's door photo, fetched with the caller's sign-in and shown small; it opens full size. */
export function DoorPhoto({ url, alt }: { url: string; alt: string }) {
  const photo = useQuery({
    queryKey: [apiKey(ADMIN_ROUTES.historyPhoto)[0], url],
    queryFn: () => historyApi.photo(url),
    staleTime: Infinity,
  });
  const src = useObjectUrl(photo.data);
  if (photo.isError) return <p className="history__photo-missing">The photo could not be loaded.</p>;
  if (!src) return <p className="history__photo-missing">Loading the photo…</p>;
  return (
    <a className="history__photo" href={src} target="_blank" rel="noreferrer">
      <img src={src} alt={alt} />
    </a>
  );
}
