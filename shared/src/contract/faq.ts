// The FAQ's answers, built from the same facts and rules as every other page and e-mail.
import { GIFT_END_RULE, GIFT_LENGTH_RULE, GIFT_PREPAID_RULE } from './gifts';
import { ACCOUNT_LINK_LABEL, ACCOUNT_PATH } from './routes';
import {
  ACCOUNT_CHANGES,
  CANCEL_RULE,
  DELIVERY_CORRIDOR,
  DELIVERY_COUNTIES_TEXT,
  GIFT_RULE,
  LATER_CHARGES,
  MONEY_RULE,
  SKIP_RULE,
  SUBSCRIBER_SIGN_IN,
} from './site';

export interface FaqEntry {
  question: string;
  answer: string;
  /** Where to do what the answer says, when it is done on the site. */
  link?: { to: string; label: string };
}

const toAccount = { to: ACCOUNT_PATH, label: `Go to ${ACCOUNT_LINK_LABEL}` };

/** The six questions of the FAQ page, in order. */
export const FAQ: readonly FaqEntry[] = [
  {
    question: 'How does the subscription work?',
    answer: `Choose every month (Yearly) or only the months you want (Custom). Each month we design a seasonal arrangement and deliver it by hand in a vase, swapping last month’s vase as we go. ${MONEY_RULE} ${LATER_CHARGES}`,
  },
  {
    question: 'What if I’m not home?',
    answer: `No problem: we leave the flowers at your door and take a photo when we do, so you know they arrived safely. The photo is in ${ACCOUNT_LINK_LABEL} too.`,
  },
  {
    question: 'Can I skip a month?',
    answer: `Yes, yourself, in ${ACCOUNT_LINK_LABEL}, your account on this site. ${SKIP_RULE} ${SUBSCRIBER_SIGN_IN}`,
    link: toAccount,
  },
  {
    question: 'Do you deliver outside Utah?',
    answer: `Not yet. We deliver within ${DELIVERY_COUNTIES_TEXT}, by hand along ${DELIVERY_CORRIDOR}. The subscribe form checks your ZIP code.`,
  },
  {
    question: 'How do I cancel?',
    answer: `In ${ACCOUNT_LINK_LABEL}, your account on this site. ${CANCEL_RULE} Before you confirm, it names your last delivery: one already paid for or too close to change still comes.`,
    link: toAccount,
  },
  {
    question: 'Can I send flowers as a gift?',
    answer: `Yes. ${GIFT_RULE} ${GIFT_LENGTH_RULE} ${GIFT_PREPAID_RULE} ${GIFT_END_RULE} ${ACCOUNT_CHANGES}, you sign in to ${ACCOUNT_LINK_LABEL} with your own e-mail address.`,
  },
];
