// Type-level tests of the request DTOs, checked by `npm run typecheck` (tsc fails on an unused @ts-expect-error):
// each DTO class `implements` the contract's type of its body or query, and declares exactly its fields, so a field
// renamed on either side fails to compile. (The API document test holds their rules to the contract at run time.)
import type {
  AcceptInvitePayload,
  AdminIdPayload,
  AdminUpdatePayload,
  ApplicationsExportQuery,
  ApplicationListQuery,
  ApplicationStatus,
  ApplyPayload,
  AuditExportQuery,
  AuditQuery,
  BodyOf,
  BookingSlotsQuery,
  ChangePasswordPayload,
  ChannelsQuery,
  ContactStatus,
  CreateContactPayload,
  CreateLeadPayload,
  CreateWebhookPayload,
  InboxExportQuery,
  InboxQuery,
  InvitePayload,
  JobPayload,
  JobStatus,
  LeadStatus,
  ListExportQuery,
  ListQuery,
  LoginPayload,
  PipelineQuery,
  PortfolioPayload,
  PrivacyEmailPayload,
  ServiceKey,
  SpamPayload,
  StatusPayload,
  VerifyPayload,
  WebhookUpdatePayload,
  WorkListExportQuery,
  WorkListQuery,
  WeeklyWindow,
} from '@brightwave/common';
import type { ApplicationsExportQueryDto } from '../src/applications/dto/applications-export-query.dto';
import type { ApplicationListQueryDto } from '../src/applications/dto/application-list-query.dto';
import type { ApplyDto } from '../src/applications/dto/apply.dto';
import type { UpdateApplicationStatusDto } from '../src/applications/dto/update-application-status.dto';
import type { AcceptInviteDto, ChangePasswordDto, InviteAdminDto, UpdateAdminDto } from '../src/accounts/dto/team.dto';
import type { AuditExportQueryDto, AuditQueryDto } from '../src/audit/dto/audit-query.dto';
import type { AuthenticatorCodeDto, PasswordAndCodeDto, ReauthenticationDto } from '../src/authenticator/dto/authenticator.dto';
import type { ResendOtpDto } from '../src/auth/dto/resend-otp.dto';
import type { PasskeyRegistrationDto, PasskeySignInDto } from '../src/passkeys/dto/passkeys.dto';
import type { SsoExchangeDto } from '../src/sso/dto/sso-exchange.dto';
import type { ApiKeyDto } from '../src/api-keys/dto/api-keys.dto';
import type { SignInPolicyDto } from '../src/sign-in-policy/dto/sign-in-policy.dto';
import type { LoginDto } from '../src/auth/dto/login.dto';
import type { VerifyOtpDto } from '../src/auth/dto/verify-otp.dto';
import type { PipelineQueryDto } from '../src/hiring/dto/hiring.dto';
import type { ListExportQueryDto, ListQueryDto, WorkListExportQueryDto, WorkListQueryDto } from '../src/common/list-query.dto';
import type { CreateContactDto } from '../src/contacts/dto/create-contact.dto';
import type { UpdateContactStatusDto } from '../src/contacts/dto/update-contact-status.dto';
import type { ChannelsQueryDto } from '../src/dashboard/dto/channels-query.dto';
import type { AvailabilityDto, WeeklyWindowDto } from '../src/booking/dto/availability.dto';
import type { BookingDto, BookingSlotsQueryDto } from '../src/booking/dto/booking.dto';
import type { InterviewInvitationDto } from '../src/interviews/dto/interview-invitation.dto';
import type { InboxExportQueryDto, InboxQueryDto } from '../src/inbox/dto/inbox-query.dto';
import type { SpamPayloadDto } from '../src/inbox/dto/spam-payload.dto';
import type { SaveFormQuestionsDto } from '../src/forms/dto/save-form-questions.dto';
import type { SaveJobDto } from '../src/jobs/dto/save-job.dto';
import type { UpdateJobStatusDto } from '../src/jobs/dto/update-job-status.dto';
import { CreateLeadDto } from '../src/leads/dto/create-lead.dto';
import type { UpdateLeadStatusDto } from '../src/leads/dto/update-lead-status.dto';
import type { PortfolioDto } from '../src/portfolio/dto/portfolio.dto';
import type { PrivacyEmailDto } from '../src/privacy/dto/privacy-email.dto';
import type { CreateWebhookDto } from '../src/webhooks/dto/create-webhook.dto';
import type { UpdateWebhookDto } from '../src/webhooks/dto/update-webhook.dto';

// A class that implements a payload with one of its fields renamed does not compile.
// @ts-expect-error `services` is not the payload's `service`
export class RenamedFieldDto implements CreateLeadPayload {
  name!: string;
  email!: string;
  services!: ServiceKey;
  message!: string;
}

// A field renamed in the contract: the DTO that implements it no longer fits.
type RenamedInContract = Omit<CreateLeadPayload, 'service'> & { services: ServiceKey };
// @ts-expect-error CreateLeadDto has `service`, not `services`
export const renamedInContract: RenamedInContract = new CreateLeadDto();

/**
 * `implements` lets a class keep a field the type no longer has, and miss an optional one it gained (an optional
 * field renamed on one side): each DTO's fields are checked to be the type's, no more and no fewer.
 */
type SameFields<Dto, Contract> = [Exclude<keyof Dto, keyof Contract> | Exclude<keyof Contract, keyof Dto>] extends [never] ? true : false;

export const everyDtoHasTheContractFields: true[] = [
  true satisfies SameFields<CreateLeadDto, CreateLeadPayload>,
  true satisfies SameFields<UpdateLeadStatusDto, StatusPayload<LeadStatus>>,
  true satisfies SameFields<CreateContactDto, CreateContactPayload>,
  true satisfies SameFields<UpdateContactStatusDto, StatusPayload<ContactStatus>>,
  true satisfies SameFields<SpamPayloadDto, SpamPayload>,
  true satisfies SameFields<InboxQueryDto, InboxQuery>,
  true satisfies SameFields<InboxExportQueryDto, InboxExportQuery>,
  true satisfies SameFields<ListQueryDto, ListQuery>,
  true satisfies SameFields<ListExportQueryDto, ListExportQuery>,
  true satisfies SameFields<WorkListQueryDto, WorkListQuery>,
  true satisfies SameFields<WorkListExportQueryDto, WorkListExportQuery>,
  true satisfies SameFields<ApplicationsExportQueryDto, ApplicationsExportQuery>,
  true satisfies SameFields<ApplicationListQueryDto, ApplicationListQuery>,
  true satisfies SameFields<PipelineQueryDto, PipelineQuery>,
  true satisfies SameFields<PortfolioDto, PortfolioPayload>,
  true satisfies SameFields<SaveJobDto, JobPayload>,
  true satisfies SameFields<SaveFormQuestionsDto, BodyOf<'PUT /api/admin/forms/:form'>>,
  true satisfies SameFields<UpdateJobStatusDto, StatusPayload<JobStatus>>,
  true satisfies SameFields<ApplyDto, ApplyPayload>,
  true satisfies SameFields<UpdateApplicationStatusDto, StatusPayload<ApplicationStatus>>,
  true satisfies SameFields<LoginDto, LoginPayload>,
  true satisfies SameFields<VerifyOtpDto, VerifyPayload>,
  true satisfies SameFields<ResendOtpDto, AdminIdPayload>,
  true satisfies SameFields<InviteAdminDto, InvitePayload>,
  true satisfies SameFields<UpdateAdminDto, AdminUpdatePayload>,
  true satisfies SameFields<AcceptInviteDto, AcceptInvitePayload>,
  true satisfies SameFields<ChangePasswordDto, ChangePasswordPayload>,
  true satisfies SameFields<ReauthenticationDto, BodyOf<'POST /api/admin/me/totp'>>,
  true satisfies SameFields<AuthenticatorCodeDto, BodyOf<'POST /api/admin/me/totp/confirm'>>,
  true satisfies SameFields<PasswordAndCodeDto, BodyOf<'DELETE /api/admin/me/totp'>>,
  true satisfies SameFields<PasswordAndCodeDto, BodyOf<'POST /api/admin/me/totp/recovery-codes'>>,
  true satisfies SameFields<ReauthenticationDto, BodyOf<'POST /api/admin/me/passkeys/options'>>,
  true satisfies SameFields<PasskeyRegistrationDto, BodyOf<'POST /api/admin/me/passkeys'>>,
  true satisfies SameFields<ReauthenticationDto, BodyOf<'DELETE /api/admin/me/passkeys/:id'>>,
  true satisfies SameFields<PasskeySignInDto, BodyOf<'POST /api/admin/passkey/verify'>>,
  true satisfies SameFields<SsoExchangeDto, BodyOf<'POST /api/admin/sso/exchange'>>,
  true satisfies SameFields<ApiKeyDto, BodyOf<'POST /api/admin/api-keys'>>,
  true satisfies SameFields<SignInPolicyDto, BodyOf<'PUT /api/admin/settings/sign-in'>>,
  true satisfies SameFields<PrivacyEmailDto, PrivacyEmailPayload>,
  true satisfies SameFields<AuditQueryDto, AuditQuery>,
  true satisfies SameFields<AuditExportQueryDto, AuditExportQuery>,
  true satisfies SameFields<CreateWebhookDto, CreateWebhookPayload>,
  true satisfies SameFields<UpdateWebhookDto, WebhookUpdatePayload>,
  true satisfies SameFields<ChannelsQueryDto, ChannelsQuery>,
  true satisfies SameFields<AvailabilityDto, BodyOf<'PUT /api/admin/me/availability'>>,
  true satisfies SameFields<WeeklyWindowDto, WeeklyWindow>,
  true satisfies SameFields<BookingDto, BodyOf<'POST /api/booking/:token'>>,
  true satisfies SameFields<BookingSlotsQueryDto, BookingSlotsQuery>,
  true satisfies SameFields<InterviewInvitationDto, BodyOf<'POST /api/jobs/applications/:applicationId/interview'>>,
];

// An optional field renamed in a copy of the contact payload: `implements` would let it pass, this does not.
type PhoneRenamed = Omit<CreateContactPayload, 'phone'> & { telephone?: string };
// @ts-expect-error CreateContactDto has `phone`, the renamed payload `telephone`
export const optionalFieldRenamed: true = true satisfies SameFields<CreateContactDto, PhoneRenamed>;
