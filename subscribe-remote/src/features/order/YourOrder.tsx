import { orderPreviewLines, type UpcomingDeliveries } from '@blooms/shared/contract/order';
import type { SubscribeForm } from '@blooms/shared/contract/subscribe';
import { OrderLines } from './OrderLines';

/** The order as the form stands: plan, months, first delivery day, where it goes and what is charged today. */
export function YourOrder({ form, upcoming }: { form: SubscribeForm; upcoming: UpcomingDeliveries }) {
  return (
    <section className="order-summary your-order" aria-labelledby="your-order-heading">
      <h2 id="your-order-heading" className="your-order__heading">
        Your order
      </h2>
      <OrderLines lines={orderPreviewLines(form, upcoming)} />
    </section>
  );
}
