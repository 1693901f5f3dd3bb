import type { ConnectionRoute } from './database';

export type CloudSqlIpType = 'PUBLIC' | 'PRIVATE' | 'PSC';

/**
 * Connections to a Cloud SQL for PostgreSQL instance through Google's connector: TLS with
 * certificates from the Cloud SQL Admin API, so no IP allow-list or proxy is needed. The
 * instance is named "project:region:instance"; user, password and database come from
 * DATABASE_URL as usual.
 */
export async function cloudSqlRoute(instanceConnectionName: string, ipType: CloudSqlIpType): Promise<ConnectionRoute> {
  const { Connector, IpAddressTypes } = await import('@google-cloud/cloud-sql-connector');
  const connector = new Connector();
  const clientOptions = await connector.getOptions({ instanceConnectionName, ipType: IpAddressTypes[ipType] });
  return { clientOptions, close: () => connector.close() };
}
