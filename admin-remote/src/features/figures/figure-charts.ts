// What each part's chart draws, from the same figures as its table (figure-tables.ts).
import { CANCEL_REASONS } from '@blooms/shared/contract/account';
import type { BusinessFigures } from '@blooms/shared/contract/business-figures';
import type { ChartSpec } from './chart-spec';
import { shortDay, shortMonth } from './format';

export function subscribersChart(figures: BusinessFigures): ChartSpec {
  const months = figures.subscribers;
  return {
    kind: 'bar',
    stacked: true,
    values: 'count',
    labels: months.map((month) => shortMonth(month.month)),
    series: [
      { label: 'Active', tone: 'main', data: months.map((month) => month.active) },
      { label: 'Paused', tone: 'waiting', data: months.map((month) => month.paused) },
      { label: 'Held (payment)', tone: 'bad', data: months.map((month) => month.held) },
    ],
  };
}

export function moneyChart(figures: BusinessFigures): ChartSpec {
  const months = figures.money.months;
  return {
    kind: 'bar',
    values: 'dollars',
    labels: months.map((month) => shortMonth(month.month)),
    series: [
      { label: 'Net charged', tone: 'main', data: months.map((month) => month.netCents) },
      { label: 'Expected', tone: 'second', data: months.map((month) => month.expectedCents) },
    ],
  };
}

export function leavingChart(figures: BusinessFigures): ChartSpec {
  const reasons = figures.leaving.reasons;
  const label = (id: string) => CANCEL_REASONS.find((reason) => reason.id === id)?.label ?? id;
  return {
    kind: 'bar',
    horizontal: true,
    stacked: true,
    values: 'count',
    labels: reasons.map((reason) => label(reason.reason)),
    series: [
      { label: 'Cancelled', tone: 'bad', data: reasons.map((reason) => reason.cancelled) },
      { label: 'Skipped instead', tone: 'late', data: reasons.map((reason) => reason.skippedInstead) },
      { label: 'Paused instead', tone: 'second', data: reasons.map((reason) => reason.pausedInstead) },
    ],
  };
}

export function deliveriesChart(figures: BusinessFigures): ChartSpec {
  const days = figures.deliveries;
  return {
    kind: 'bar',
    stacked: true,
    values: 'count',
    labels: days.map((day) => shortDay(day.date)),
    series: [
      { label: 'On the day', tone: 'good', data: days.map((day) => day.deliveredOnTheDay) },
      { label: 'Later', tone: 'late', data: days.map((day) => day.deliveredLater) },
      { label: 'Not delivered', tone: 'bad', data: days.map((day) => day.notDelivered) },
      {
        label: 'Still to come',
        tone: 'waiting',
        data: days.map((day) => Math.max(0, day.planned - day.deliveredOnTheDay - day.deliveredLater - day.notDelivered)),
      },
    ],
  };
}
