import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Counts down whole seconds from `seconds` against the wall clock (so a throttled background tab stays
 * exact), calls `onExpire` once at 0, and can be reset to the start.
 */
export function useCountdown(seconds: number, onExpire: () => void) {
  const [deadline, setDeadline] = useState(() => Date.now() + seconds * 1000);
  const [remaining, setRemaining] = useState(seconds);
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  }, [onExpire]);

  useEffect(() => {
    let expired = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
      setRemaining(left);
      if (left === 0 && !expired) {
        expired = true;
        window.clearInterval(timer);
        onExpireRef.current();
      }
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [deadline]);

  const reset = useCallback(() => {
    setRemaining(seconds);
    setDeadline(Date.now() + seconds * 1000);
  }, [seconds]);

  return { remaining, reset };
}
