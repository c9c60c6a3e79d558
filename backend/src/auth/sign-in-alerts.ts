import { Injectable, Logger } from '@nestjs/common';
import { MailService } from '../mail/mail.service';
import { signInAlertMail, type SignInAlert } from '../mail/sign-in-alert.mail';

/** Tells an admin that their account is being guessed at: wrong passwords (PasswordCheck) or wrong codes (AuthService). */
@Injectable()
export class SignInAlerts {
  private readonly logger = new Logger(SignInAlerts.name);

  constructor(private readonly mail: MailService) {}

  /** A mail failure must not change the answer of the step that raised the alert. */
  async send(admin: { email: string; name: string }, alert: SignInAlert): Promise<void> {
    this.logger.warn(`sign-in alert for ${admin.email}: ${alert}`);
    try {
      await this.mail.send(signInAlertMail(admin, alert));
    } catch (error) {
      this.logger.error(`The sign-in alert for ${admin.email} could not be sent: ${(error as Error).message}`);
    }
  }
}
