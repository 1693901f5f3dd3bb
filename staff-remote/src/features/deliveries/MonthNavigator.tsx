import { addMonths, formatMonth, type MonthKey } from '@blooms/shared/contract/months';

interface Props {
  month: MonthKey;
  onChange: (month: MonthKey) => void;
  /** Shown but not yet usable (My Deliveries' kept list, until the live one is in). */
  disabled?: boolean;
}

export function MonthNavigator({ month, onChange, disabled = false }: Props) {
  return (
    <div className="month-navigator">
      <button
        type="button"
        className="month-navigator__step"
        disabled={disabled}
        onClick={() => onChange(addMonths(month, -1))}
        aria-label="Previous month"
      >
        ‹
      </button>
      <h2 className="month-navigator__label" aria-live="polite">
        {formatMonth(month)}
      </h2>
      <button
        type="button"
        className="month-navigator__step"
        disabled={disabled}
        onClick={() => onChange(addMonths(month, 1))}
        aria-label="Next month"
      >
        ›
      </button>
    </div>
  );
}
