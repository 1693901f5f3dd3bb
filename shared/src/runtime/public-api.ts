import { apiClient, NO_SESSION } from '@blooms/shared/runtime/api-client';
import { PUBLIC_ROUTES } from '../contract/public-api-routes';

/** Routes for everyone, with no sign-in. */
export const publicApi = apiClient(NO_SESSION, PUBLIC_ROUTES);
