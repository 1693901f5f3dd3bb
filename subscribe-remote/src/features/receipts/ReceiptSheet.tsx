import type { ReceiptPage } from '@blooms/shared/contract/receipts';
import { receiptRows, receiptThanks } from '@blooms/shared/contract/receipts';
import { phoneHref } from '@blooms/shared/contract/site';
import { Logo } from '@blooms/shared/ui/Logo';

/** A payment's receipt as it prints: the business, the receipt's number, what was paid and for what (the e-mail's rows). */
export function ReceiptSheet({ page }: { page: ReceiptPage }) {
  const { receipt, business } = page;
  if (!receipt) return null;
  return (
    <article className="receipt" aria-labelledby="receipt-title">
      {business && (
        <header className="receipt__letterhead">
          <p className="receipt__brand">
            <Logo size={32} /> {business.name}
          </p>
          <address className="receipt__address">
            {business.streetAddress}
            <br />
            <a href={`mailto:${business.contactEmail}`}>{business.contactEmail}</a> ·{' '}
            <a href={phoneHref(business.phone)}>{business.phone}</a>
          </address>
        </header>
      )}
      <h1 id="receipt-title">Receipt {receipt.number}</h1>
      <p>{receiptThanks(receipt)}</p>
      {page.paidBy && <p>Paid by {page.paidBy}.</p>}
      <table className="receipt__rows">
        <tbody>
          {receiptRows(receipt, page.plan, page.giftTo).map(({ label, value }) => (
            <tr key={`${label}-${value}`}>
              <th scope="row">{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </article>
  );
}
