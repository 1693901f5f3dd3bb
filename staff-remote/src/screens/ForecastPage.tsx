import { Link } from 'react-router-dom';
import { Screen } from '@blooms/shared/ui/Screen';
import { ServerState } from '@blooms/shared/ui/ServerState';
import { LoadError } from '@blooms/shared/ui/LoadError';
import { FORECAST_DAYS } from '@blooms/shared/contract/forecast';
import { useForecast } from '../features/forecast/use-forecast';
import { useDownload } from '../features/deliveries/use-download';
import { forecastApi } from '../features/forecast/api';
import { ForecastTable } from '../features/forecast/ForecastTable';
import '../features/deliveries/deliveries.css';
import '../features/forecast/forecast.css';

/** The florist's view ahead: the next delivery days' arrangements, what holds the others, and the vases coming back. */
export default function ForecastPage() {
  return (
    <ServerState>
      <Forecast />
    </ServerState>
  );
}

function Forecast() {
  const { forecast, error, reload } = useForecast();
  const csv = useDownload(forecastApi.exportCsv, `forecast-${forecast?.days[0]?.month ?? 'coming-days'}.csv`);
  return (
    <Screen remote="staff" title="Forecast">
      <section className="container page staff-page">
        <div className="staff-page__header">
          <h1>Forecast</h1>
        </div>
        <div className="staff-toolbar">
          <p className="staff-toolbar__month">The next {FORECAST_DAYS} delivery days, as things stand now</p>
          <div className="staff-toolbar__actions">
            <button type="button" className="button button--secondary" disabled={!forecast || csv.downloading} onClick={csv.download}>
              {csv.downloading ? 'Exporting…' : 'Export CSV'}
            </button>
            <Link to="/dashboard" className="button button--secondary">
              Back to Dashboard
            </Link>
          </div>
        </div>
        <p className="forecast-summary">
          Arrangements count every delivery of the day, first deliveries included. Skipped, paused and held months are not among them. Vases
          come back swapped at a delivery, or from a pickup-only stop the month after a subscription&apos;s last delivery.
        </p>
        {error !== null && <LoadError what="the forecast" error={error} onRetry={reload} />}
        {!forecast && error === null && (
          <p className="status-message" role="status">
            Loading the forecast…
          </p>
        )}
        {forecast && <p className="forecast-summary">Vases out with subscribers now: {forecast.vasesOut}</p>}
        {forecast && <ForecastTable days={forecast.days} />}
      </section>
    </Screen>
  );
}
