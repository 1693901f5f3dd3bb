import { useState } from 'react';
import { showPopup } from '@blooms/shared/runtime/popup-store';
import { forecastApi } from './api';

/** Downloads the forecast as a CSV file, one line per delivery day. */
export function useForecastCsv(firstMonth: string | null) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      const file = await forecastApi.exportCsv();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = `forecast-${firstMonth ?? 'coming-days'}.csv`;
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
