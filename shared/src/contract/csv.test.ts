import { csvLine, toCsv } from './csv';

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

describe('csvLine', () => {
  it('writes one row as a line ended by CRLF, by the same rule', () => {
    expect(csvLine(['Rosa Diaz, Jr.', '+1 801 555 0100', 3, null])).toBe(`"Rosa Diaz, Jr.",'+1 801 555 0100,3,\r\n`);
  });
});
