import { useEffect, useState } from 'react';

/** Whole seconds left of a wait that starts again whenever `startedAt` changes; 0 once it is over. */
export function useCountdown(seconds: number, startedAt: number): number {
  const left = () => Math.max(0, Math.ceil((startedAt + seconds * 1000 - Date.now()) / 1000));
  const [remaining, setRemaining] = useState(left);
  useEffect(() => {
    setRemaining(left());
    const timer = window.setInterval(() => {
      const now = left();
      setRemaining(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- left() reads only these two
  }, [seconds, startedAt]);
  return remaining;
}
