import { ADMIN_ROLE_LABELS, type AnswerOf } from '@brightwave/common';
import { FiLogOut } from 'react-icons/fi';
import { useNavigate } from 'react-router-dom';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { cardClasses } from '../../components/ui/table';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/time-ago';
import { useSignOut } from '../auth/use-sign-out';
import { AuthenticatorSection } from './authenticator-section';
import { PasskeysSection } from './passkeys-section';

interface EnrolmentScreenProps {
  account: AnswerOf<'GET /api/admin/account'>;
  /** Once they have a strong factor: on to the back office. */
  onContinue: () => void;
}

/**
 * My account's enrolment part, alone (EnrolmentGate): why the admin is here, until when a code sent by e-mail still
 * signs them in, the authenticator app and passkeys sections, and signing out. Once one is set up, Continue.
 */
export function EnrolmentScreen({ account, onContinue }: EnrolmentScreenProps) {
  const { signIn } = account;
  const role = ADMIN_ROLE_LABELS[account.account.role];
  const navigate = useNavigate();
  const { signOut, signingOut } = useSignOut();
  const now = useNow();
  const deadlinePassed = signIn.mailedCodeUntil !== null && new Date(signIn.mailedCodeUntil).getTime() <= now.getTime();

  return (
    <div className="min-h-screen bg-gray-50">
      <header className="flex h-(--admin-header-height) items-center gap-3 border-b border-gray-200 bg-white px-4 text-sm text-gray-700 sm:px-6">
        <p className="font-bold text-gray-900">Brightwave</p>
        <button type="button" className={buttonClasses('ghost', 'ml-auto')} onClick={signOut} disabled={signingOut}>
          <FiLogOut aria-hidden="true" className="h-4 w-4" />
          Logout
        </button>
      </header>
      <main id="main" className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
        <PageHeader title="Set up a second way to sign in">
          <p className="mt-1 max-w-2xl text-sm text-gray-700">
            Your role ({role}) must sign in with an authenticator app or a passkey, which nobody who reads your e-mail can use. Set one up below: until you
            have, the rest of the back office is closed to you.
          </p>
          {signIn.mailedCodeUntil &&
            (deadlinePassed ? (
              <p className="mt-1 max-w-2xl text-sm text-gray-700">The time to set one up is over: do it now, before you sign out.</p>
            ) : (
              <p className="mt-1 max-w-2xl text-sm text-gray-700">
                A code sent by e-mail still signs you in until {formatDateTime(signIn.mailedCodeUntil)}; after that, only an authenticator app or a passkey
                will.
              </p>
            ))}
        </PageHeader>
        {!signIn.mustEnrol && (
          <section aria-labelledby="enrolled-heading" className={`${cardClasses} border-green-300 bg-green-50 p-5`}>
            <h2 id="enrolled-heading" className="text-lg font-semibold text-gray-900">
              You are set up
            </h2>
            <p className="mt-1 text-sm text-gray-800">From now on you sign in with it. Save any recovery codes shown below, then continue.</p>
            <button
              type="button"
              className={buttonClasses('primary', 'mt-3')}
              onClick={() => {
                onContinue();
                navigate('/dashboard', { replace: true });
              }}
            >
              Continue to the dashboard
            </button>
          </section>
        )}
        <AuthenticatorSection />
        <PasskeysSection />
      </main>
    </div>
  );
}
