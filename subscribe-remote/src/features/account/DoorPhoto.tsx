import { useQuery } from '@tanstack/react-query';
import { formatMonth } from '@blooms/shared/contract/months';
import { SUBSCRIBER_ROUTES } from '@blooms/shared/contract/subscriber-api-routes';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { useObjectUrl } from '@blooms/shared/ui/use-object-url';
import { accountPhoto } from './account-session';

/** The driver's photo of the vase at the door, fetched with the sign-in. */
export function DoorPhoto({ path, month }: { path: string; month: string }) {
  const photo = useQuery({
    queryKey: [apiKey(SUBSCRIBER_ROUTES.accountPhoto)[0], path],
    queryFn: () => accountPhoto(path),
    staleTime: Infinity,
  });
  const src = useObjectUrl(photo.data);
  if (photo.isError) return <span> (the photo could not be loaded)</span>;
  return src ? (
    <img className="account__photo" src={src} alt={`Your flowers at the door, ${formatMonth(month)}`} />
  ) : (
    <span role="status"> Loading the photo…</span>
  );
}
