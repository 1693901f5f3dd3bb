export interface Card {
  title: string;
  text: string;
}

/** A shaded section of short cards under one heading (approach, vase swap, services). */
export function CardSection({ heading, cards }: { heading: string; cards: Card[] }) {
  return (
    <section className="section section--muted">
      <div className="container">
        <h2>{heading}</h2>
        <ul className={cards.length === 3 ? 'card-grid even-grid even-grid--3' : 'card-grid even-grid'}>
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
