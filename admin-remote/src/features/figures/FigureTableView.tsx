import { useId, useState, type ReactNode } from 'react';
import { downloadCsv } from './csv';
import { csvOf, type FigureTable } from './figure-tables';

/** A last column of controls, one per row (not part of the CSV). */
export interface RowAction {
  label: string;
  cell: (rowIndex: number) => ReactNode;
}

/**
 * A part's numbers as a table (each row's first cell heads it), scrolling sideways inside its
 * own box on a phone, with the same rows as a CSV download. With `pageSize`, a long list shows
 * that many rows at first and more on request; the CSV holds them all.
 */
export function FigureTableView({
  table,
  fileName,
  empty,
  action,
  variant,
  pageSize,
}: {
  table: FigureTable;
  fileName: string;
  empty: string;
  action?: RowAction;
  /** 'text': cells wrap and read left to right (names, e-mails); 'dense': many narrow columns. */
  variant?: 'text' | 'dense';
  pageSize?: number;
}) {
  const captionId = useId();
  const [shown, setShown] = useState(pageSize ?? Infinity);
  const rows = table.rows.slice(0, shown);
  const more = Math.min(table.rows.length - rows.length, pageSize ?? 0);
  return (
    <>
      {/* The title stays in view while a wide table scrolls sideways under it on a phone. */}
      <h3 id={captionId} className="figures-table__title">
        {table.caption}
      </h3>
      {/* A box that scrolls must be reachable by keyboard; it is named by the title. */}
      <div
        className={`table-scroll figures-table${variant ? ` figures-table--${variant}` : ''}`}
        role="region"
        aria-labelledby={captionId}
        tabIndex={0}
      >
        <table className="data-table">
          <caption className="visually-hidden">{table.caption}</caption>
          <thead>
            <tr>
              {table.columns.map((column) => (
                <th key={column} scope="col">
                  {column}
                </th>
              ))}
              {action && <th scope="col">{action.label}</th>}
            </tr>
          </thead>
          <tbody>
            {table.rows.length === 0 && (
              <tr>
                <td className="figures-table__empty" colSpan={table.columns.length + (action ? 1 : 0)}>
                  {empty}
                </td>
              </tr>
            )}
            {rows.map((row, rowIndex) => (
              <tr key={`${rowIndex}-${String(row.values[0])}`}>
                {row.text.map((text, i) =>
                  i === 0 ? (
                    <th key={i} scope="row">
                      {text}
                    </th>
                  ) : (
                    <td key={i}>{text}</td>
                  ),
                )}
                {action && <td>{action.cell(rowIndex)}</td>}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {more > 0 && (
        <p className="figures-table__more">
          {rows.length.toLocaleString('en-US')} of {table.rows.length.toLocaleString('en-US')} shown.{' '}
          <button type="button" className="button button--secondary" onClick={() => setShown(rows.length + more)}>
            Show {more.toLocaleString('en-US')} more
          </button>
        </p>
      )}
      <button
        type="button"
        className="button button--secondary figures-part__download"
        aria-label={`Download CSV: ${table.caption}`}
        onClick={() => downloadCsv(fileName, csvOf(table))}
      >
        Download CSV
      </button>
    </>
  );
}
