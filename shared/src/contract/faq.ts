// The FAQ's answers, built from the same facts and rules as every other page and e-mail.
import { GIFT_END_RULE, GIFT_LENGTH_RULE, GIFT_PREPAID_RULE } from './gifts';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH, GIFTS_PATH } from './routes';
import {
  ACCOUNT_CHANGES,
  ARRANGEMENT,
  CANCEL_EXPLAINED,
  DAMAGED_RULE,
  DELIVERY_CORRIDOR,
  DELIVERY_COUNTIES_TEXT,
  GIFT_RULE,
  LATER_CHARGES,
  MONEY_RULE,
  NOBODY_HOME_RULE,
  SKIP_EXPLAINED,
  SUBSCRIBER_SIGN_IN,
  VASE_RULE,
} from './site';

export interface FaqEntry {
  question: string;
  answer: string;
  /** Where to do what the answer says, when it is done on the site. */
  link?: { to: string; label: string };
  /** The answer ends with how to reach the studio (this deployment's e-mail and phone). */
  contact?: boolean;
}

const toAccount = { to: ACCOUNT_PATH, label: `Go to ${ACCOUNT_LINK_LABEL}` };

/** The questions of the FAQ page, in order: the six the product has always answered, then the rest a careful buyer asks. */
export const FAQ: readonly FaqEntry[] = [
  {
    question: 'How does the subscription work?',
    answer: `Choose every month (Yearly) or only the months you want (Custom). Each month we design a seasonal arrangement and deliver it by hand in a vase, swapping last month’s vase as we go. ${MONEY_RULE} ${LATER_CHARGES}`,
  },
  {
    question: 'What if I’m not home?',
    answer: `No problem: ${NOBODY_HOME_RULE.charAt(0).toLowerCase()}${NOBODY_HOME_RULE.slice(1)} The photo is in ${ACCOUNT_LINK_LABEL} too.`,
  },
  {
    question: 'Can I skip a month?',
    answer: `Yes, yourself, in ${ACCOUNT_LINK_LABEL}, your account on this site. ${SKIP_EXPLAINED} ${SUBSCRIBER_SIGN_IN}`,
    link: toAccount,
  },
  {
    question: 'Do you deliver outside Utah?',
    answer: `Not yet. We deliver within ${DELIVERY_COUNTIES_TEXT}, by hand along ${DELIVERY_CORRIDOR}. The subscribe form checks your ZIP code.`,
  },
  {
    question: 'How do I cancel?',
    answer: `In ${ACCOUNT_LINK_LABEL}, your account on this site. ${CANCEL_EXPLAINED}`,
    link: toAccount,
  },
  {
    question: 'Can I send flowers as a gift?',
    answer: `Yes. ${GIFT_RULE} ${GIFT_LENGTH_RULE} ${GIFT_PREPAID_RULE} ${GIFT_END_RULE} ${ACCOUNT_CHANGES}, you sign in to ${ACCOUNT_LINK_LABEL} with your own e-mail address.`,
    link: { to: GIFTS_PATH, label: 'How gifts work' },
  },
  {
    question: 'How big is an arrangement, and how many stems?',
    answer: `${ARRANGEMENT.size} ${ARRANGEMENT.season}`,
    link: { to: '/seasonal-collections', label: 'See the seasonal collections' },
  },
  {
    question: 'What if a flower you planned is not available?',
    answer: ARRANGEMENT.substitutions,
  },
  {
    question: 'What if my flowers arrive damaged or wilt early?',
    answer: DAMAGED_RULE,
    contact: true,
  },
  {
    question: 'How do the vases work?',
    answer: VASE_RULE,
  },
];
