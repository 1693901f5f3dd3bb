/**
 * The month list: the subscriptions with each one's delivery in a month, as staff screens read
 * them (the dashboard's pages and CSV, a driver's route). Reads only; the delivery commands
 * that change what it shows are in services/deliveries.ts and services/delivery-assignment.ts.
 */
export { listMonthPage, allInView } from './pages';
export { listAssigned } from './assigned-route';
export { readDelivery, readDeliveries } from './rows';
export type { MonthListView } from './filters';
