import { notifyManager } from '@tanstack/react-query';
import { queryClient } from '@blooms/shared/runtime/query-client';

// A change written into the cache draws at once, inside the test's act(), not a task later.
notifyManager.setScheduler((draw) => draw());
// Every test starts as a page does, with nothing read yet.
afterEach(() => queryClient.clear());
