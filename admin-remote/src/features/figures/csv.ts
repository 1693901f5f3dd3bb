/** Hands the CSV to the browser as a file download, made on this device (no request). */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The download has its copy once click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
