import { textOf } from '../../test-support/read-blob';
import { downloadCsv, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and rows, numbers as they are and nothing as an empty cell, lines ended by CRLF', () => {
    expect(
      toCsv([
        ['Month', 'Active', 'Churn rate'],
        ['2026-10', 12, 0.25],
        ['2026-11', 0, null],
      ]),
    ).toBe('Month,Active,Churn rate\r\n2026-10,12,0.25\r\n2026-11,0,\r\n');
  });

  it('quotes a cell with a comma, a quote or a line break, doubling the quotes inside', () => {
    expect(toCsv([['Rosa Diaz, Jr.', 'She said "lovely"', 'two\nlines', 'plain']])).toBe(
      '"Rosa Diaz, Jr.","She said ""lovely""","two\nlines",plain\r\n',
    );
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(toCsv([['=HYPERLINK("x")', '-5 tries', '@home']])).toBe(`"'=HYPERLINK(""x"")",'-5 tries,'@home\r\n`);
  });

  it('leaves negative numbers as numbers', () => {
    expect(toCsv([[-9900]])).toBe('-9900\r\n');
  });
});

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
