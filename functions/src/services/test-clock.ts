import { addDays, formatDeliveryDate, studioDate, studioMidnight, type IsoDate } from '@blooms/shared/contract/delivery-dates';
import { TEST_CLOCK_MAX_DAYS_AHEAD, TEST_CLOCK_MESSAGES, type TestClockState } from '@blooms/shared/contract/test-clock';
import { InvalidInputError } from '../domain/errors';

/**
 * The server's time with the test checkout: the real time, or the same time of day on a later
 * day an admin chose to pretend it is. It lives in this process only: a second instance keeps
 * its own, which is why it is for the local stack and never offered with real payments.
 */
export class TestClock {
  private offsetMs = 0;

  constructor(private readonly real: () => Date) {}

  readonly now = (): Date => new Date(this.real().getTime() + this.offsetMs);

  state(): TestClockState {
    return { today: studioDate(this.now()), pretending: this.offsetMs !== 0 };
  }

  /** Pretends the studio's day is `today`, from the real day up to a year ahead; null is the real time again. */
  set(today: IsoDate | null): TestClockState {
    const realToday = studioDate(this.real());
    if (today === null || today === realToday) {
      this.offsetMs = 0;
      return this.state();
    }
    const latest = addDays(realToday, TEST_CLOCK_MAX_DAYS_AHEAD);
    if (today < realToday || today > latest)
      throw new InvalidInputError(
        TEST_CLOCK_MESSAGES.outOfRange(formatDeliveryDate(realToday, { withYear: true }), formatDeliveryDate(latest, { withYear: true })),
      );
    this.offsetMs = studioMidnight(today).getTime() - studioMidnight(realToday).getTime();
    return this.state();
  }
}
