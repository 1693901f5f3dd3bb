import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { formatMonth } from '@blooms/shared/contract/months';
import { useFigures } from '../features/figures/use-figures';
import { Figures, PARTS } from '../features/figures/Figures';
import { Headline } from '../features/figures/Headline';
import { formatTimeToday } from '../features/figures/format';
import { RangeChooser, type MonthRange } from '../features/figures/RangeChooser';
import '../features/figures/figures.css';

/** The owner's figures (admins): this month's headline, then subscribers, money, payments to chase, why people leave, retention and deliveries, for a range of months. */
function FiguresScreen() {
  const [params, setParams] = useSearchParams();
  const asked = useMemo<MonthRange | null>(() => {
    const from = params.get('from');
    const to = params.get('to');
    return from === null && to === null ? null : { ...(from && { from }), ...(to && { to }) };
  }, [params]);
  const { figures, loading, bringingUpToDate, rangeProblem, loadError, reload } = useFigures(asked);
  const shown = figures ? { from: figures.from, to: figures.to } : null;
  return (
    <Screen remote="admin" title="Business figures">
      <section className="container page figures-page">
        <h1>Business figures</h1>
        {figures && (
          <div className="figures-page__as-of">
            <p role="status">
              Figures as of {formatTimeToday(figures.asOf, new Date())}.{bringingUpToDate && ' Bringing them up to date…'}
            </p>
            <button type="button" className="button button--secondary" onClick={reload} disabled={loading}>
              Refresh
            </button>
          </div>
        )}
        {figures?.headline && <Headline headline={figures.headline} />}
        <p>
          {shown
            ? `${formatMonth(shown.from)} to ${formatMonth(shown.to)}, from the subscription, payment and delivery history.`
            : 'The last 12 months and the next 3, unless you choose other months.'}
        </p>
        <RangeChooser
          key={shown ? `${shown.from}/${shown.to}` : 'asked'}
          shown={shown ?? asked}
          problem={rangeProblem}
          busy={loading}
          onChoose={(range) => {
            if (range.from === asked?.from && range.to === asked?.to) reload();
            else setParams(range as Record<string, string>);
          }}
        />
        <nav aria-label="Parts of the figures">
          <ul className="figures-page__contents">
            {PARTS.map((part) => (
              <li key={part.id}>
                <a href={`#${part.id}-heading`}>{part.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        {loadError !== null && <LoadError what="the figures" error={loadError} onRetry={reload} />}
        {loading && (
          <p className="status-message" role="status">
            Loading the figures…
          </p>
        )}
        {figures && <Figures figures={figures} />}
      </section>
    </Screen>
  );
}

export default function BusinessFiguresPage() {
  return (
    <ServerState>
      <FiguresScreen />
    </ServerState>
  );
}
