import { changeConfirmation } from './admin-change-consequences';

describe('changeConfirmation', () => {
  const sam = { name: 'Sam Sales', role: 'sales' as const, disabled: false };

  it('asks before disabling, saying what goes with it', () => {
    expect(changeConfirmation(sam, { disabled: true })).toEqual({
      title: 'Disable Sam Sales?',
      message:
        'They are signed out everywhere and can no longer sign in. The quote requests and contact messages they own are unassigned. ' +
        'Their booked calls about them that are not over are cancelled, and the visitors are told by e-mail.',
      confirmLabel: 'Disable',
    });
    // A recruiter owns applications only, and takes no calls.
    expect(changeConfirmation({ ...sam, name: 'Rita Recruiter', role: 'recruiter' }, { disabled: true })?.message).toBe(
      'They are signed out everywhere and can no longer sign in. The job applications they own are unassigned.',
    );
  });

  it('asks before a role that owns fewer kinds of items, naming those it loses', () => {
    expect(changeConfirmation(sam, { role: 'recruiter' })).toEqual({
      title: 'Make Sam Sales Recruiter?',
      message:
        'The quote requests and contact messages they own are unassigned. Their booked calls about them that are not over are cancelled, and the visitors are told by e-mail.',
      confirmLabel: 'Make Recruiter',
    });
    expect(changeConfirmation({ ...sam, role: 'owner' }, { role: 'editor' })?.message).toBe(
      'The quote requests, contact messages and job applications they own are unassigned. Their booked calls about them that are not over are cancelled, and the visitors are told by e-mail.',
    );
  });

  it('asks nothing when nothing is lost: enabling, a role that covers as much or more, a disabled admin’s role', () => {
    expect(changeConfirmation({ ...sam, disabled: true }, { disabled: false })).toBeNull();
    expect(changeConfirmation(sam, { role: 'owner' })).toBeNull();
    expect(changeConfirmation({ ...sam, role: 'editor' }, { role: 'recruiter' })).toBeNull();
    expect(changeConfirmation({ ...sam, disabled: true }, { role: 'editor' })).toBeNull();
  });
});
