export interface Card {
  title: string;
  text: string;
}

/** A shaded section of short cards under one heading (approach, vase swap, services). */
export function CardSection({ heading, cards, columns }: { heading: string; cards: Card[]; columns?: 'three' }) {
  return (
    <section className="section section--muted">
      <div className="container">
        <h2>{heading}</h2>
        <ul className={columns ? `card-grid card-grid--${columns}` : 'card-grid'}>
          {cards.map((card) => (
            <li key={card.title} className="card">
              <h3>{card.title}</h3>
              <p>{card.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
