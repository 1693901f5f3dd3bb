import { API } from '@blooms/shared/contract/api-routes';
import type { Db } from '../../db/database';
import { FORECAST_CSV_COLUMNS, forecastCsvValues } from '@blooms/shared/contract/forecast';
import { daySummary } from '../../read-models/day-summary';
import { openStartMonth } from '../../services/carry-over';
import { forecast } from '../../read-models/forecast';
import { csvLine } from '@blooms/shared/contract/csv';
import type { StaffScope } from '../access';
import { serve } from '../serve';

/** Where the work is: the month staff screens open on, a month's stops at a glance, and the days to come (any staff role). */
export function registerDayRoutes(staff: StaffScope, db: Db, clock: () => Date) {
  serve(staff, API.startMonth, () => openStartMonth(db, clock()));
  serve(staff, API.daySummary, (request) => daySummary(db, request.query.month, clock()));
  serve(staff, API.forecast, () => forecast(db, clock()));
  serve(staff, API.forecastCsv, async (_request, reply) => {
    const { days } = await forecast(db, clock());
    // A byte-order mark first, as with the subscriptions' CSV, so spreadsheet programs read UTF-8.
    const lines = [`\uFEFF${csvLine(FORECAST_CSV_COLUMNS)}`, ...days.map((day) => csvLine(forecastCsvValues(day)))];
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="forecast-${days[0]!.month}.csv"`)
      .send(lines.join(''));
  });
}
