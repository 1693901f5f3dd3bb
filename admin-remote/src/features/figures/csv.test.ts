import { textOf } from '../../test-support/read-blob';
import { downloadCsv } from './csv';

describe('downloadCsv', () => {
  it('downloads the text as a CSV file of the name given', async () => {
    const blobs: Blob[] = [];
    globalThis.URL.createObjectURL = jest.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:figures';
    });
    globalThis.URL.revokeObjectURL = jest.fn();
    const clicked: { href: string; download: string }[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });

    downloadCsv('subscribers-2026-01-to-2026-12.csv', 'Month\r\n');

    expect(clicked).toEqual([{ href: 'blob:figures', download: 'subscribers-2026-01-to-2026-12.csv' }]);
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    expect(await textOf(blobs[0]!)).toBe('Month\r\n');
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });
});
