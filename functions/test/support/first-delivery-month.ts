import { PUBLIC_ROUTES } from '@blooms/shared/contract/public-api-routes';

/** The month a subscription paid now first delivers in (the subscribe page's first delivery): the month staff work on in a suite. */
export async function firstDeliveryMonth(siteUrl: string): Promise<string> {
  const upcoming = (await (await fetch(`${siteUrl}${PUBLIC_ROUTES.upcomingDeliveries.path}`)).json()) as { month: string }[];
  return upcoming[0]!.month;
}
