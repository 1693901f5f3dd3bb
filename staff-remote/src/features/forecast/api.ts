import { staffApi } from '@blooms/shared/runtime/staff-api';

/** The staff API for the forecast, by the route table (contract/api-routes.ts). */
export const forecastApi = {
  forecast: () => staffApi.forecast(),
  /** The same forecast as a CSV file, fetched with the ID token. */
  exportCsv: () => staffApi.forecastCsv(),
};
