/** An order as labelled lines (orderLines, orderPreviewLines): the confirmation and the subscribe form show it alike. */
export function OrderLines({ lines }: { lines: { label: string; value: string }[] }) {
  return (
    <dl>
      {lines.map(({ label, value }) => (
        <div key={label} className="order-summary__line">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
