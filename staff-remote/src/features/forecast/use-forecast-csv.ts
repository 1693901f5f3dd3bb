import { useState } from 'react';
import { showFailure } from '@blooms/shared/runtime/show-failure';
import { downloadFile } from '../deliveries/download-file';
import { forecastApi } from './api';

/** Downloads the forecast as a CSV file, one line per delivery day. */
export function useForecastCsv(firstMonth: string | null) {
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      downloadFile(await forecastApi.exportCsv(), `forecast-${firstMonth ?? 'coming-days'}.csv`);
    } catch (e) {
      showFailure(e);
    } finally {
      setExporting(false);
    }
  }

  return { exporting, exportCsv };
}
