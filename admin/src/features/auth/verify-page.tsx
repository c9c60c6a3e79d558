import { MESSAGES, OTP_LENGTH, OTP_TTL_SECONDS } from '@brightwave/common';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { useAppDispatch } from '../../app/hooks';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { formatCountdown } from '../../lib/countdown';
import { AuthForm } from './auth-card';
import { useResendCodeMutation, useVerifyCodeMutation } from './auth-api';
import { useCountdown } from './use-countdown';
import { sessionStarted } from './auth-slice';
import { targetAfterLogin, type FromState } from './require-auth';

interface VerifyState extends FromState {
  adminId?: string;
}

export function VerifyPage() {
  const location = useLocation();
  const state = location.state as VerifyState | null;
  const adminId = state?.adminId;
  if (!adminId) return <Navigate to="/login" replace />;
  return <VerifyForm adminId={adminId} state={state} />;
}

function VerifyForm({ adminId, state }: { adminId: string; state: VerifyState | null }) {
  const [otp, setOtp] = useState('');
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [verify, { isLoading: verifying }] = useVerifyCodeMutation();
  const [resend, { isLoading: resending }] = useResendCodeMutation();
  // SPEC §4: when the countdown ends the code is dead, back to login (keeping the page first asked for).
  const onExpire = useCallback(
    () => navigate('/login', { replace: true, state: { from: state?.from } }),
    [navigate, state],
  );
  const { remaining, reset } = useCountdown(OTP_TTL_SECONDS, onExpire);

  useEffect(() => {
    document.title = 'Verify · Brightwave Admin';
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    try {
      const answer = await verify({ adminId, otp: otp.trim() }).unwrap();
      if (answer.success && answer.token && answer.admin) {
        dispatch(sessionStarted({ token: answer.token, admin: answer.admin }));
        navigate(targetAfterLogin(state), { replace: true });
      } else {
        setError(MESSAGES.verifyInvalidCode);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.verifyFailure));
    }
  }

  async function onResend() {
    try {
      await resend({ adminId }).unwrap();
      reset();
      setError('');
      toast.success(MESSAGES.resendSuccess);
    } catch (failure) {
      toast.error(errorMessage(failure, MESSAGES.resendFailure));
    }
  }

  return (
    <AuthForm
      title="Two-Factor Verification"
      intro="Enter the verification code we sent to your email."
      error={error}
      onSubmit={onSubmit}
    >
      <TextField
        label="Verification Code"
        name="otp"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={OTP_LENGTH}
        required
        value={otp}
        onChange={(event) => setOtp(event.target.value.replace(/\D/g, ''))}
      />
      <p className="text-center text-sm text-gray-700">
        Code expires in{' '}
        <span role="timer" aria-label={`Code expires in ${formatCountdown(remaining)}`} className="font-mono font-semibold text-gray-900">
          {formatCountdown(remaining)}
        </span>
      </p>
      <button type="submit" className={buttonClasses('primary', 'w-full')} disabled={verifying}>
        Verify
      </button>
      <button type="button" className={buttonClasses('ghost', 'w-full')} onClick={onResend} disabled={resending}>
        Resend code
      </button>
    </AuthForm>
  );
}
