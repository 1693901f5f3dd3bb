import { useMutation } from '@tanstack/react-query';
import { showFailure } from '@blooms/shared/runtime/show-failure';

/** Hands a file the API sent to the browser as a download named `name`. */
function downloadFile(file: Blob, name: string): void {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(file);
  link.download = name;
  link.click();
  // The download has started by then; the address is only freed, never needed again.
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/** Fetches a file (a CSV) and downloads it as `name`; `downloading` while it comes, a failure said in the popup. */
export function useDownload(fetchFile: () => Promise<Blob>, name: string) {
  const download = useMutation({ mutationFn: fetchFile, onSuccess: (file) => downloadFile(file, name), onError: (e) => showFailure(e) });
  return { downloading: download.isPending, download: () => download.mutate() };
}
