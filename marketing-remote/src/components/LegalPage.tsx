import { Screen } from '@blooms/shared/ui/Screen';
import { useSiteContact } from '@blooms/shared/runtime/app-config';
import { escapeHtml } from '@blooms/shared/contract/html';
import { CHARGE_TIMING, DELIVERY_CORRIDOR, DELIVERY_COUNTIES, formatPrice, MONEY_RULE, PRICE_PER_MONTH_USD, SKIP_NOTICE_DAYS } from '@blooms/shared/contract/site';

/** The business facts a legal text may name as {price}, {skipNoticeDays}, ...: one source of truth, not retyped by the owner. */
export const LEGAL_FACTS: Record<string, string> = {
  price: formatPrice(PRICE_PER_MONTH_USD),
  skipNoticeDays: String(SKIP_NOTICE_DAYS),
  deliveryCounties: DELIVERY_COUNTIES.join(', '),
  deliveryCorridor: DELIVERY_CORRIDOR,
  moneyRule: MONEY_RULE,
  chargeTiming: CHARGE_TIMING,
};

/** The text's {fact} names filled in; a name that is not a fact stays visible, and a test catches it. */
export function withLegalFacts(html: string): string {
  return html.replace(/\{(\w+)\}/g, (token, name: string) => (name in LEGAL_FACTS ? escapeHtml(LEGAL_FACTS[name]!) : token));
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
