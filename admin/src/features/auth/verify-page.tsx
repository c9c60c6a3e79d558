import { MESSAGES, OTP_LENGTH, OTP_TTL_SECONDS, type SignInFactor } from '@brightwave/common';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { buttonClasses } from '../../components/ui/button';
import { TextField } from '../../components/ui/fields';
import { errorMessage } from '../../lib/api-error';
import { formatCountdown } from '../../lib/countdown';
import { notify } from '../../lib/toasts';
import { AuthForm } from './auth-card';
import { targetAfterLogin, type FromState } from './require-auth';
import { startSession } from './session';
import { signInApi } from './sign-in-api';
import { useCountdown } from './use-countdown';

interface VerifyState extends FromState {
  adminId?: string;
  challenge?: string;
  /** What the code step takes for this admin (the login's answer); the mailed code when not said. */
  factors?: SignInFactor[];
}

const MAILED_CODE: SignInFactor[] = ['email-code'];
// Room for the hyphen and spaces people type between a recovery code's two groups of five.
const RECOVERY_CODE_MAX_LENGTH = 20;

export function VerifyPage() {
  const location = useLocation();
  const state = location.state as VerifyState | null;
  const adminId = state?.adminId;
  if (!adminId) return <Navigate to="/login" replace />;
  return <VerifyForm adminId={adminId} state={state} />;
}

function VerifyForm({ adminId, state }: { adminId: string; state: VerifyState | null }) {
  const factors = state?.factors ?? MAILED_CODE;
  const withApp = factors.includes('authenticator');
  const [withRecoveryCode, setWithRecoveryCode] = useState(false);
  const [otp, setOtp] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [error, setError] = useState('');
  const navigate = useNavigate();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);
  // SPEC §4: when the countdown ends the code is dead, back to login (keeping the page first asked for).
  const onExpire = useCallback(() => navigate('/login', { replace: true, state: { from: state?.from } }), [navigate, state]);
  const { remaining, reset } = useCountdown(OTP_TTL_SECONDS, onExpire);

  useEffect(() => {
    document.title = 'Verify · Brightwave Admin';
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    setVerifying(true);
    try {
      const code = withRecoveryCode ? { recoveryCode: recoveryCode.trim() } : { otp: otp.trim() };
      const answer = await signInApi.verifyCode({ adminId, challenge: state?.challenge, ...code });
      if (answer.success && answer.token && answer.admin) {
        startSession(answer.token, answer.admin);
        // An admin whose role must use a strong factor, and who has none, sets one up first (My account); the app
        // would send them there from any page.
        navigate(answer.mustEnrol ? '/account' : targetAfterLogin(state), { replace: true });
      } else {
        setError(MESSAGES.verifyInvalidCode);
      }
    } catch (failure) {
      setError(errorMessage(failure, MESSAGES.verifyFailure));
    } finally {
      setVerifying(false);
    }
  }

  async function onResend() {
    setResending(true);
    try {
      await signInApi.resendCode({ adminId, challenge: state?.challenge });
      reset();
      setError('');
      void notify('success', MESSAGES.resendSuccess);
    } catch (failure) {
      void notify('error', errorMessage(failure, MESSAGES.resendFailure));
    } finally {
      setResending(false);
    }
  }

  function switchCode() {
    setWithRecoveryCode((current) => !current);
    setError('');
  }

  // The spec's screen for the mailed code; an admin with an authenticator app is told where the code is instead.
  const intro = withApp ? 'Enter the code your authenticator app shows.' : 'Enter the verification code we sent to your email.';
  return (
    <AuthForm title="Two-Factor Verification" intro={intro} error={error} onSubmit={onSubmit}>
      {withRecoveryCode ? (
        <TextField
          label="Recovery code"
          name="recoveryCode"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={RECOVERY_CODE_MAX_LENGTH}
          required
          value={recoveryCode}
          onChange={(event) => setRecoveryCode(event.target.value)}
        />
      ) : (
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
      )}
      <p className="text-center text-sm text-gray-700">
        Code expires in{' '}
        <span role="timer" aria-label={`Code expires in ${formatCountdown(remaining)}`} className="font-mono font-semibold text-gray-900">
          {formatCountdown(remaining)}
        </span>
      </p>
      <button type="submit" className={buttonClasses('primary', 'w-full')} disabled={verifying}>
        Verify
      </button>
      {factors.includes('email-code') && (
        <button type="button" className={buttonClasses('ghost', 'w-full')} onClick={onResend} disabled={resending}>
          Resend code
        </button>
      )}
      {factors.includes('recovery-code') && (
        <button type="button" className={buttonClasses('ghost', 'w-full')} onClick={switchCode}>
          {withRecoveryCode ? 'Use the code from your authenticator app' : 'Use a recovery code'}
        </button>
      )}
    </AuthForm>
  );
}
