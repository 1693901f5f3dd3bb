import { queryClient } from '@blooms/shared/runtime/query-client';

// Each test starts with nothing kept from the one before.
afterEach(() => queryClient.clear());
