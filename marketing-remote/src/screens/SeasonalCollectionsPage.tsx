import { Screen } from '@blooms/shared/ui/Screen';
import { ARRANGEMENT } from '@blooms/shared/contract/site';
import { Art } from '../components/Art';
import { GetStarted } from '../components/GetStarted';
import springMain from '../assets/art/spring-main.svg';
import spring1 from '../assets/art/spring-detail-1.svg';
import spring2 from '../assets/art/spring-detail-2.svg';
import spring3 from '../assets/art/spring-detail-3.svg';
import summerMain from '../assets/art/summer-main.svg';
import summer1 from '../assets/art/summer-detail-1.svg';
import summer2 from '../assets/art/summer-detail-2.svg';
import summer3 from '../assets/art/summer-detail-3.svg';
import fallMain from '../assets/art/fall-main.svg';
import fall1 from '../assets/art/fall-detail-1.svg';
import fall2 from '../assets/art/fall-detail-2.svg';
import fall3 from '../assets/art/fall-detail-3.svg';
import winterMain from '../assets/art/winter-main.svg';
import winter1 from '../assets/art/winter-detail-1.svg';
import winter2 from '../assets/art/winter-detail-2.svg';
import winter3 from '../assets/art/winter-detail-3.svg';
import '../marketing.css';

const SEASONS = [
  {
    name: 'Spring',
    text: 'Tulips, ranunculus, sweet peas and the first branches of blossom: soft pinks and fresh greens as the valley wakes up.',
    main: springMain,
    gallery: [spring1, spring2, spring3],
    colours: 'pink and white',
  },
  {
    name: 'Summer',
    text: 'Garden roses, zinnias, sunflowers and herbs at their fullest: warm, generous arrangements that bring the long days indoors.',
    main: summerMain,
    gallery: [summer1, summer2, summer3],
    colours: 'golden and coral',
  },
  {
    name: 'Fall',
    text: 'Dahlias, chrysanthemums, wheat and berries in rust, burgundy and amber, made for cooler evenings and harvest tables.',
    main: fallMain,
    gallery: [fall1, fall2, fall3],
    colours: 'rust and amber',
  },
  {
    name: 'Winter',
    text: 'Amaryllis, white roses, evergreens and winter berries: a quiet, bright vase for the darkest months.',
    main: winterMain,
    gallery: [winter1, winter2, winter3],
    colours: 'white and crimson',
  },
];

export default function SeasonalCollectionsPage() {
  return (
    <Screen
      remote="marketing"
      title="Seasonal Collections"
      description="What arrives in your vase through the year: spring, summer, fall and winter collections from Monthly Blooms."
    >
      <section className="container section">
        <h1>Seasonal Collections</h1>
        <p className="lead">Every month follows the season. Here is what the year looks like in a vase.</p>
        <h2>What a month’s arrangement looks like</h2>
        <p>
          {ARRANGEMENT.size} {ARRANGEMENT.season}
        </p>
        <p>{ARRANGEMENT.substitutions}</p>
      </section>
      {SEASONS.map((season, index) => (
        <section key={season.name} className={index % 2 ? 'section section--muted' : 'section'} aria-labelledby={`season-${season.name}`}>
          <div className="container season">
            <Art
              src={season.main}
              slot={`${season.name.toLowerCase()}-main`}
              alt={`A ${season.name.toLowerCase()} arrangement in ${season.colours} tones, in a vase`}
              width={600}
              height={600}
              className="season__main"
              priority={index === 0}
            />
            <div>
              <h2 id={`season-${season.name}`}>{season.name}</h2>
              <p>{season.text}</p>
              <ul className="gallery" aria-label={`${season.name} gallery`}>
                {season.gallery.map((src, i) => (
                  <li key={`${season.name}-${i}`}>
                    <Art
                      src={src}
                      slot={`${season.name.toLowerCase()}-detail-${i + 1}`}
                      sizes="(min-width: 860px) 20vw, 33vw"
                      alt={`${season.name} blooms, close up, ${i + 1} of 3`}
                      width={400}
                      height={300}
                    />
                  </li>
                ))}
              </ul>
            </div>
          </div>
        </section>
      ))}
      <section className="container section center">
        <h2>Start with this season</h2>
        <GetStarted />
      </section>
    </Screen>
  );
}
