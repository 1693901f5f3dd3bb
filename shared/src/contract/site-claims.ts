// Checks what a page or e-mail says against the contract: a price, a notice period or a rule
// stated in words of its own is how the site came to contradict the product.
import {
  CANCEL_RULE,
  CHARGE_TIMING,
  formatPrice,
  GIFT_RULE,
  LATER_CHARGES,
  MONEY_RULE,
  PLAN_CARD,
  PRICE_PER_MONTH_USD,
  SKIP_RULE,
} from './site';
import { GIFT_END_RULE, GIFT_LENGTH_RULE, GIFT_LENGTHS, GIFT_PREPAID_RULE } from './gifts';

/** Amounts a page may state: the price, and what a gift paid up front (or the part of it refunded) comes to. */
const CONTRACT_AMOUNTS = new Set(Array.from({ length: Math.max(...GIFT_LENGTHS) }, (_, i) => (i + 1) * PRICE_PER_MONTH_USD));

/** The contract's sentences that state a number or a rule: a page may state them only in these words. */
const CONTRACT_SENTENCES = [
  CHARGE_TIMING,
  LATER_CHARGES,
  MONEY_RULE,
  SKIP_RULE,
  CANCEL_RULE,
  GIFT_RULE,
  GIFT_LENGTH_RULE,
  GIFT_PREPAID_RULE,
  GIFT_END_RULE,
  PLAN_CARD.rules,
  ...PLAN_CARD.billing.map((line) => line.text),
];

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|thirty';

/** What pages used to say that the product no longer does. */
const CONTRADICTIONS: [RegExp, string][] = [
  [
    /\b(?:tell|e-?mail|call|contact) us\b[^.]*\bto (?:skip|pause|cancel)\b|\bget in touch\b[^.]*\b(?:cancel|charge)/i,
    'sends subscribers to e-mail or call to change their subscription: they do it in their account',
  ],
  [
    /\b(?:subscribers|visitors and subscribers)\b[^.]*\bdo not sign in\b/i,
    'says subscribers do not sign in: they sign in to their account with an e-mailed link',
  ],
  [
    /\bgift\b[^.]*\bdelivery notes\b|\bdelivery notes\b[^.]*\bgift\b|\bnote for our driver\b/i,
    'puts a gift’s message in the delivery notes: the subscribe form has a card message',
  ],
];

/** The claims in a text that the contract does not hold, each with why; [] when it says only what the contract says. */
export function claimsOutsideTheContract(text: string): string[] {
  let rest = text.replace(/\s+/g, ' ');
  for (const sentence of CONTRACT_SENTENCES) rest = rest.split(sentence).join(' ');
  const problems: string[] = [];
  for (const match of rest.matchAll(/\$\s?(\d+(?:\.\d{2})?)/g)) {
    if (!CONTRACT_AMOUNTS.has(Number(match[1]))) problems.push(`"${match[0]}": the price is ${formatPrice(PRICE_PER_MONTH_USD)}`);
  }
  for (const match of rest.matchAll(
    new RegExp(`\\b(?:(?:\\d+|${NUMBER_WORDS})[\\s-]days?|(?:a|\\d+|${NUMBER_WORDS})[\\s-]weeks?)\\b`, 'gi'),
  )) {
    problems.push(`"${match[0]}": a notice or charge timing in words of its own; say it with the contract's sentence`);
  }
  for (const [pattern, why] of CONTRADICTIONS) {
    const found = pattern.exec(rest);
    if (found) problems.push(`"${found[0]}": ${why}`);
  }
  return problems;
}
