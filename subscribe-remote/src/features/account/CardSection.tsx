import { useState } from 'react';
import { ActionAnswer } from './ActionAnswer';
import type { Answer } from './use-answer';

/** Changing the card the deliveries are charged to, on the payment provider's page; a failure is answered here. */
export function CardSection({
  subscriptionId,
  updateCard,
}: {
  subscriptionId: string;
  updateCard: (subscriptionId: string) => Promise<string | null>;
}) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const id = `subscription-${subscriptionId}-card`;
  return (
    <section aria-labelledby={id}>
      <h4 id={id}>Card</h4>
      <p>Your deliveries are charged to the card you paid with at checkout. You can change it on our payment provider’s secure page.</p>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => void updateCard(subscriptionId).then((refusal) => setAnswer(refusal ? { tone: 'refused', text: refusal } : null))}
      >
        Update card
      </button>
      <ActionAnswer answer={answer} />
    </section>
  );
}
