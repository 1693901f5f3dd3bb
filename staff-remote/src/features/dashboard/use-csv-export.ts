import { useState } from 'react';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { downloadFile } from '../deliveries/download-file';
import type { DashboardView } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';

/** Downloads the month's subscriptions, as filtered, as a CSV file. */
export function useCsvExport(month: MonthKey, view: DashboardView) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      downloadFile(await deliveriesApi.exportCsv(month, view), `subscriptions-${month}.csv`);
    } catch (e) {
      showFailure(e);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
