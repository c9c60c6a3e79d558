import { OTP_TTL_SECONDS } from '@brightwave/common';
import { act, render, screen } from '@testing-library/react';
import { formatCountdown } from '../../lib/format';
import { useCountdown } from './use-countdown';

function Countdown({ onExpire }: { onExpire: () => void }) {
  const { remaining, reset } = useCountdown(OTP_TTL_SECONDS, onExpire);
  return (
    <>
      <p role="timer">{formatCountdown(remaining)}</p>
      <button type="button" onClick={reset}>
        Resend code
      </button>
    </>
  );
}

describe(useCountdown.name, () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('starts at 300 seconds, shown as 5:00', () => {
    render(<Countdown onExpire={jest.fn()} />);
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
  });

  it('counts down once a second, shown as m:ss', () => {
    render(<Countdown onExpire={jest.fn()} />);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('4:59');
    act(() => jest.advanceTimersByTime(59_000));
    expect(screen.getByRole('timer')).toHaveTextContent('4:00');
    act(() => jest.advanceTimersByTime(235_000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:05');
  });

  it('resets to 300 seconds when asked (resend)', () => {
    render(<Countdown onExpire={jest.fn()} />);
    act(() => jest.advanceTimersByTime(120_000));
    expect(screen.getByRole('timer')).toHaveTextContent('3:00');
    act(() => screen.getByRole('button', { name: 'Resend code' }).click());
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('4:59');
  });

  it('calls onExpire exactly once when it reaches 0:00', () => {
    const onExpire = jest.fn();
    render(<Countdown onExpire={onExpire} />);
    act(() => jest.advanceTimersByTime(299_000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('0:00');
    expect(onExpire).toHaveBeenCalledTimes(1);
    act(() => jest.advanceTimersByTime(10_000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });

  it('a reset pushes expiry back by a full 300 seconds', () => {
    const onExpire = jest.fn();
    render(<Countdown onExpire={onExpire} />);
    act(() => jest.advanceTimersByTime(250_000));
    act(() => screen.getByRole('button', { name: 'Resend code' }).click());
    act(() => jest.advanceTimersByTime(299_000));
    expect(onExpire).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1000));
    expect(onExpire).toHaveBeenCalledTimes(1);
  });
});

describe(formatCountdown.name, () => {
  it.each([
    [300, '5:00'],
    [299, '4:59'],
    [61, '1:01'],
    [9, '0:09'],
    [0, '0:00'],
    [-3, '0:00'],
  ])('shows %i seconds as %s', (seconds, shown) => {
    expect(formatCountdown(seconds)).toBe(shown);
  });
});
