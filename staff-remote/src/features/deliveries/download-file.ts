/** Hands a file the API sent to the browser as a download named `name`. */
export function downloadFile(file: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  link.click();
  // The download has started by then; the address is only freed, never needed again.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
