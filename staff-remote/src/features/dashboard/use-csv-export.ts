import { useState } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import type { DashboardView } from '@blooms/shared/contract/deliveries';
import type { MonthKey } from '@blooms/shared/contract/months';
import { deliveriesApi } from '../deliveries/api';

/** Downloads the month's subscriptions, as filtered, as a CSV file. */
export function useCsvExport(month: MonthKey, view: DashboardView) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await deliveriesApi.exportCsv(month, view);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `subscriptions-${month}.csv`;
      link.click();
      // The download has started by then; the address is only freed, never needed again.
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch (e) {
      showPopup('error', (e as Error).message);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
