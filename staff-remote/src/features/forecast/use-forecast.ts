import { useQuery } from '@tanstack/react-query';
import { apiKey } from '@blooms/shared/runtime/api-query';
import { STAFF_ROUTES } from '@blooms/shared/contract/staff-api-routes';
import { useLiveFeed } from '../deliveries/use-live-feed';
import { forecastApi } from './api';

/** The forecast, read again after every live change (a skip, a cancellation, a stop made, a day moved). */
export function useForecast() {
  useLiveFeed();
  const forecast = useQuery({ queryKey: apiKey(STAFF_ROUTES.forecast), queryFn: () => forecastApi.forecast(), staleTime: Infinity });
  return { forecast: forecast.data ?? null, error: forecast.error, reload: () => void forecast.refetch() };
}
