import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { escapeHtml } from '@blooms/shared/contract/html';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH } from '@blooms/shared/contract/routes';
import { GIFT_END_RULE, GIFT_LENGTH_RULE, GIFT_PREPAID_RULE } from '@blooms/shared/contract/gifts';
import {
  CANCEL_RULE,
  CHARGE_TIMING,
  DELIVERY_CORRIDOR,
  DELIVERY_COUNTIES,
  formatPrice,
  GIFT_RULE,
  MONEY_RULE,
  PRICE_PER_MONTH_USD,
  SKIP_NOTICE_DAYS,
  SKIP_RULE,
} from '@blooms/shared/contract/site';

/** The business facts a legal text may name as {price}, {skipNoticeDays}, ...: one source of truth, not retyped by the owner. */
export const LEGAL_FACTS: Record<string, string> = {
  price: formatPrice(PRICE_PER_MONTH_USD),
  skipNoticeDays: String(SKIP_NOTICE_DAYS),
  deliveryCounties: DELIVERY_COUNTIES.join(', '),
  deliveryCorridor: DELIVERY_CORRIDOR,
  moneyRule: MONEY_RULE,
  chargeTiming: CHARGE_TIMING,
  skipRule: SKIP_RULE,
  cancelRule: CANCEL_RULE,
  giftRule: GIFT_RULE,
  giftLengthRule: GIFT_LENGTH_RULE,
  giftPrepaidRule: GIFT_PREPAID_RULE,
  giftEndRule: GIFT_END_RULE,
  accountName: ACCOUNT_LINK_LABEL,
  accountPath: ACCOUNT_PATH,
};

/**
 * The text's {fact} names filled in, in a link's address too (where Markdown wrote the braces as
 * %7B and %7D); a name that is not a fact stays visible, and a test catches it.
 */
export function withLegalFacts(html: string): string {
  return html.replace(/(?:\{|%7B)(\w+)(?:\}|%7D)/g, (token, name: string) =>
    name in LEGAL_FACTS ? escapeHtml(LEGAL_FACTS[name]!) : token,
  );
}

export interface LegalText {
  draft: boolean;
  html: string;
}

/**
 * A legal page from its owner-editable text (marketing-remote/content/legal/*.md). The review
 * notice shows only while the text's front matter says `draft: true`. Contact details come from
 * the site's settings, like everywhere else.
 */
export function LegalPage({ title, description, text }: { title: string; description: string; text: LegalText }) {
  const site = useSiteContact();
  return (
    <Screen remote="marketing" title={title} description={description}>
      <article className="container section narrow legal">
        {text.draft && (
          <p className="legal__review" role="note">
            Draft for the owner’s legal review. Not yet reviewed by a lawyer.
          </p>
        )}
        <h1>{title}</h1>
        <div dangerouslySetInnerHTML={{ __html: withLegalFacts(text.html) }} />
        <h2>Contact</h2>
        <p>
          <a href={`mailto:${site.contactEmail}`}>{site.contactEmail}</a>, {site.phone}, {site.streetAddress}.
        </p>
      </article>
    </Screen>
  );
}
