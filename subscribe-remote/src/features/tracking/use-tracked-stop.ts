import { useQuery } from '@tanstack/react-query';
import { useObjectUrl } from '@blooms/shared/ui/use-object-url';
import { publicApi } from '@blooms/shared/runtime/public-api';
import { ApiError } from '@blooms/shared/runtime/api-client';
import { TRACK_LINK_EXPIRED, TRACK_TOKEN_PATTERN } from '@blooms/shared/contract/tracking';

/** How often the page asks again while the stop is not delivered. */
export const TRACK_REFRESH_MS = 30_000;

/**
 * The stop the link's token opens, asked again every 30 seconds until it is delivered; an
 * expired or unknown link (404, one answer for both) and a malformed one say so, once.
 */
export function useTrackedStop(token: string) {
  const wellFormed = TRACK_TOKEN_PATTERN.test(token);
  const stop = useQuery({
    queryKey: ['track', token],
    queryFn: ({ signal }) => publicApi.trackStop({ params: { token }, signal }),
    enabled: wellFormed,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
    refetchInterval: (query) =>
      query.state.data?.status === 'delivered' || (query.state.error instanceof ApiError && query.state.error.status < 500)
        ? false
        : TRACK_REFRESH_MS,
  });
  const gone = !wellFormed || (stop.error instanceof ApiError && stop.error.status < 500);
  return { stop: stop.data ?? null, expired: gone ? TRACK_LINK_EXPIRED : null, failed: !gone && stop.error !== null && !stop.data };
}

/** The door photo, fetched through the token, as an address the page can show (freed when it goes). */
export function useTrackedPhoto(token: string, hasPhoto: boolean): string | null {
  const photo = useQuery({
    queryKey: ['track', token, 'photo'],
    queryFn: ({ signal }) => publicApi.trackPhoto({ params: { token }, signal }),
    enabled: hasPhoto,
    staleTime: Infinity,
  });
  return useObjectUrl(photo.data);
}
