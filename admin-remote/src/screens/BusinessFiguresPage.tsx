import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { ApiError } from '@blooms/shared/runtime/api-client';
import type { BusinessFigures } from '@blooms/shared/contract/business-figures';
import { formatMonth } from '@blooms/shared/contract/months';
import { figuresApi } from '../features/figures/api';
import { deliveriesChart, leavingChart, moneyChart, subscribersChart } from '../features/figures/figure-charts';
import { deliveriesTable, leavingTable, moneyTable, retentionTable, subscribersTable } from '../features/figures/figure-tables';
import { FigureChart } from '../features/figures/FigureChart';
import { FigureTableView } from '../features/figures/FigureTableView';
import { formatCount, formatDollars, formatTimeToday } from '../features/figures/format';
import { PaymentsToChase } from '../features/figures/PaymentsToChase';
import { RangeChooser, type MonthRange } from '../features/figures/RangeChooser';
import '../features/figures/figures.css';

/** When the figures served are being read again, the page asks once more after this long (a read takes a few seconds). */
export const FIGURES_RECHECK_MS = 5000;

const PARTS = [
  { id: 'subscribers', title: 'Subscribers' },
  { id: 'money', title: 'Money' },
  { id: 'payments-to-chase', title: 'Payments to chase' },
  { id: 'why-people-leave', title: 'Why people leave' },
  { id: 'retention', title: 'Retention' },
  { id: 'deliveries', title: 'Deliveries' },
] as const;
type PartId = (typeof PARTS)[number]['id'];
const titleOf = (id: PartId) => PARTS.find((part) => part.id === id)!.title;

function Part({ id, children }: { id: PartId; children: ReactNode }) {
  return (
    <section className="figures-part" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{titleOf(id)}</h2>
      {children}
    </section>
  );
}

/** A few totals above a part's chart, as terms and values. */
function Summary({ items }: { items: [string, string][] }) {
  return (
    <dl className="figures-part__summary">
      {items.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

function Figures({ figures }: { figures: BusinessFigures }) {
  const charts = useMemo(
    () => ({
      subscribers: subscribersChart(figures),
      money: moneyChart(figures),
      leaving: leavingChart(figures),
      deliveries: deliveriesChart(figures),
    }),
    [figures],
  );
  const fileName = (stem: string) => `${stem}-${figures.from}-to-${figures.to}.csv`;
  const average = figures.money.averagePerSubscriberYearCents;
  return (
    <>
      <Part id="subscribers">
        <Summary
          items={[
            ['New in the range', formatCount(sum(figures.subscribers.map((month) => month.new)))],
            ['Cancelled in the range', formatCount(sum(figures.subscribers.map((month) => month.cancelled)))],
            ['Net growth', formatCount(sum(figures.subscribers.map((month) => month.netGrowth)))],
          ]}
        />
        <FigureChart title="active, paused and held subscriptions by month" spec={charts.subscribers} />
        <FigureTableView table={subscribersTable(figures)} fileName={fileName('subscribers')} empty="No months in the range." />
      </Part>
      <Part id="money">
        <Summary
          items={[
            ['Net charged in the range', formatDollars(sum(figures.money.months.map((month) => month.netCents)))],
            ['Average per subscriber per year', average === null ? 'No subscribers in the last 12 months' : formatDollars(average)],
          ]}
        />
        <FigureChart title="net charged and expected by month" spec={charts.money} />
        <FigureTableView table={moneyTable(figures)} fileName={fileName('money')} empty="No months in the range." />
      </Part>
      <Part id="payments-to-chase">
        <PaymentsToChase />
      </Part>
      <Part id="why-people-leave">
        <Summary
          items={[
            ['Cancelled, with a reason', formatCount(sum(figures.leaving.reasons.map((reason) => reason.cancelled)))],
            ['Skipped a month instead', formatCount(figures.leaving.skippedInstead)],
            ['Paused instead', formatCount(figures.leaving.pausedInstead)],
          ]}
        />
        <FigureChart title="reasons given for leaving, and skips and pauses taken instead" spec={charts.leaving} />
        <FigureTableView table={leavingTable(figures)} fileName={fileName('why-people-leave')} empty="No reasons given in the range." />
      </Part>
      <Part id="retention">
        <p>Of the subscriptions whose first delivery was in a month, the share still active 1 to 12 months later.</p>
        <FigureTableView
          table={retentionTable(figures)}
          fileName={fileName('retention')}
          empty="No first deliveries in the range."
          variant="dense"
        />
      </Part>
      <Part id="deliveries">
        <FigureChart title="stops by delivery day: delivered on the day, later, not delivered, still to come" spec={charts.deliveries} />
        <FigureTableView table={deliveriesTable(figures)} fileName={fileName('deliveries')} empty="No delivery days in the range." />
      </Part>
    </>
  );
}

/** The owner's figures (admins): subscribers, money, payments to chase, why people leave, retention and deliveries, for a range of months. */
export default function BusinessFiguresPage() {
  const [params, setParams] = useSearchParams();
  const asked = useMemo<MonthRange | null>(() => {
    const from = params.get('from');
    const to = params.get('to');
    return from === null && to === null ? null : { ...(from && { from }), ...(to && { to }) };
  }, [params]);
  const [figures, setFigures] = useState<BusinessFigures | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<unknown>(null);
  const [rangeProblem, setRangeProblem] = useState<string | null>(null);

  // Asking again once, a while after an answer whose figures were being read again.
  const recheck = useRef<{ timer: ReturnType<typeof setTimeout> | null; loads: number }>({ timer: null, loads: 0 });
  const [recheckPending, setRecheckPending] = useState(false);
  const stopRecheck = useCallback(() => {
    if (recheck.current.timer) clearTimeout(recheck.current.timer);
    recheck.current.timer = null;
    setRecheckPending(false);
  }, []);
  useEffect(() => stopRecheck, [stopRecheck]);

  const load = useCallback(async () => {
    stopRecheck();
    // An answer to an earlier load (its range may no longer be the one asked for) is not shown.
    const thisLoad = ++recheck.current.loads;
    setLoading(true);
    try {
      const loaded = await figuresApi.load(asked);
      setFigures(loaded);
      setLoadError(null);
      setRangeProblem(null);
      if (loaded.refreshing) {
        setRecheckPending(true);
        recheck.current.timer = setTimeout(() => {
          recheck.current.timer = null;
          const current = () => thisLoad === recheck.current.loads;
          figuresApi
            .load(asked)
            .then(
              (newer) => {
                if (current()) setFigures(newer);
              },
              // The figures shown stay, with the time they are of.
              () => undefined,
            )
            .finally(() => {
              if (current()) setRecheckPending(false);
            });
        }, FIGURES_RECHECK_MS);
      }
    } catch (error) {
      // A range the server refuses changes nothing: the figures shown stay, with what is wrong.
      if (error instanceof ApiError && error.status === 400) setRangeProblem(error.message);
      else setLoadError(error);
    } finally {
      setLoading(false);
    }
  }, [asked, stopRecheck]);
  useEffect(() => {
    void load();
  }, [load]);

  const shown = useMemo(() => (figures ? { from: figures.from, to: figures.to } : null), [figures]);
  return (
    <Screen remote="admin" title="Business figures">
      <section className="container page figures-page">
        <h1>Business figures</h1>
        <p>
          {shown
            ? `${formatMonth(shown.from)} to ${formatMonth(shown.to)}, from the subscription, payment and delivery history.`
            : 'The last 12 months and the next 3, unless you choose other months.'}
        </p>
        {figures && (
          <p className="figures-page__as-of" role="status">
            Figures as of {formatTimeToday(figures.asOf, new Date())}.{figures.refreshing && recheckPending && ' Bringing them up to date…'}
          </p>
        )}
        <RangeChooser
          key={shown ? `${shown.from}/${shown.to}` : 'asked'}
          shown={shown ?? asked}
          problem={rangeProblem}
          busy={loading}
          onChoose={(range) => {
            if (range.from === asked?.from && range.to === asked?.to) void load();
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
        {loadError !== null && <LoadError what="the figures" error={loadError} onRetry={() => void load()} />}
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
