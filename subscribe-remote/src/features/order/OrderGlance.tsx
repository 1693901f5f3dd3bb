import { orderGlanceLines, type UpcomingDeliveries } from '@blooms/shared/contract/order';
import type { SubscribeForm } from '@blooms/shared/contract/subscribe';
import { OrderLines } from './OrderLines';

/**
 * The first delivery day and what is due today, right above Subscribe, where a phone shows the
 * full order only after the form. Where the order sits beside the form it is not shown (subscribe.css).
 */
export function OrderGlance({ form, upcoming }: { form: SubscribeForm; upcoming: UpcomingDeliveries }) {
  return (
    <section className="order-summary order-glance" aria-label="Before you subscribe">
      <OrderLines lines={orderGlanceLines(form, upcoming)} />
    </section>
  );
}
