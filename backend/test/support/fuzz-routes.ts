import {
  ADMIN_PASSWORD_MAX_LENGTH,
  ADMIN_ROLES,
  APPLICATION_STATUSES,
  APPLY_BODY_LIMIT_BYTES,
  ATTRIBUTION_HEADER,
  ATTRIBUTION_VALUE_MAX_LENGTH,
  AVAILABILITY_LIMITS,
  INTERVIEW_LIMITS,
  MAX_WEEKLY_WINDOWS,
  REPORT_PERIODS,
  AUDIT_ACTIONS,
  AUDIT_ACTORS,
  CONTACT_DEPARTMENTS,
  CONTACT_STATUSES,
  DELIVERY_STATUSES,
  FORM_QUESTIONS_MAX,
  FORM_TOKEN_HEADER,
  FORM_TRAP_HEADER,
  JOB_DEPARTMENTS,
  JOB_LOCATIONS,
  JOB_STATUSES,
  JOB_TYPES,
  QUESTION_FORMS,
  QUESTION_ID_PATTERN,
  QUESTION_LABEL_MAX_LENGTH,
  QUESTION_OPTIONS_MAX,
  QUESTION_OPTION_MAX_LENGTH,
  LEAD_STATUSES,
  LIST_MAX_LIMIT,
  LIST_MAX_PAGE,
  MAX_LENGTH,
  MAX_REQUIREMENTS,
  MAX_TECH_STACK_ITEMS,
  NOTIFICATION_ROUTE_MAX_RECIPIENTS,
  PORTFOLIO_CATEGORY_KEYS,
  required as present,
  SERVICE_KEYS,
  OWNER_FILTERS,
  SORT_ORDERS,
  WEBHOOK_EVENTS,
  WORK_ITEM_KINDS,
  WORK_SORT_ORDERS,
  NOTE_MAX_LENGTH,
  BULK_APPLICATIONS_MAX,
  CANDIDATE_BODY_MAX_LENGTH,
  CANDIDATE_SUBJECT_MAX_LENGTH,
  RATING_COMMENT_MAX_LENGTH,
  RATING_SCORES,
  TEMPLATE_NAME_MAX_LENGTH,
  NAV_LABEL_MAX,
  NAV_ORDER_MAX,
  NAV_PLACEMENTS,
  PAGE_BLOCK_TYPES,
  POSTS_PAGE_MAX,
  SEARCH_QUERY_MAX,
  PASSKEY_NAME_MAX_LENGTH,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_SCOPES,
  SIGN_IN_GRACE_DAYS,
} from '@brightwave/common';
import fc from 'fast-check';
import { DEFAULT_BODY_LIMIT_BYTES } from '../../src/common/body-limit';
import {
  DROPPED_KEYS,
  acceptableResume,
  bool,
  email,
  hostileKeys,
  malformedJson,
  notAnObject,
  notTextUpTo,
  objectText,
  oneOf,
  outOfRangeNumbers,
  refusedByParser,
  refusedResume,
  requiredText,
  templateTextUpTo,
  textList,
  textUpTo,
  unstorable,
  validEmail,
  withNul,
  type FieldValues,
} from './fuzz-values';
import { answeredApplications } from './fuzz-answers';
import { routeParts } from './route-table';

/** Ids of real rows, so that valid requests reach the service and its queries, not only the 404 of a random id. */
export interface FuzzIds {
  lead: string;
  contact: string;
  portfolio: string;
  job: string;
  /** A job with custom questions of every kind that no fuzzed route changes (fuzz-answers.ts). */
  questionedJob: string;
  application: string;
  webhook: string;
  delivery: string;
  admin: string;
  /** That staff member's admin id (an interviewer who can be booked). */
  caller: string;
  /** The token of a booking link whose staff member takes calls at any time, and whom no fuzzed request changes. */
  bookingLink: string;
}
/** `form`: the name of a form with questions of its own (quote, contact), not a row's id. */
type IdKind = keyof FuzzIds | 'random' | 'form';

/** One generated request and what the server must answer to it. */
export interface FuzzRequest {
  route: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** Sent with the owner's session (otherwise anonymously, or with a forged token). */
  signedIn: boolean;
  /**
   * `reject`: some part breaks the route's rules, so only a 4xx will do. `any`: every part is within the rules,
   * so the route may accept it (or refuse it for a reason of state, e.g. an unknown id). `accept`: within the rules
   * and the state is known, so only a success will do.
   */
  expect: 'reject' | 'any' | 'accept';
  /** Refused before routing or validation (malformed path, body or media type): any 4xx will do, even anonymously. */
  raw: boolean;
}

interface BodyField {
  values: FieldValues;
  required: boolean;
}
/** `accept`: the part is known to be taken (see RouteFuzz.answeredBodies). */
type Part<T> = fc.Arbitrary<{ value: T; valid: boolean; raw: boolean; accept?: boolean }>;

interface RouteFuzz {
  /** Admin routes need a session: anonymously they answer 401. */
  admin: boolean;
  /** Path parameters in order of appearance, each with the rows whose ids may fill it. */
  ids?: IdKind[];
  /** The body DTO's fields. */
  body?: Record<string, BodyField>;
  /** A body read by a pipe of its own: whole values, each valid or not. */
  customBody?: fc.Arbitrary<{ value: unknown; valid: boolean }>;
  /** The query DTO's fields (all optional) and which are required. */
  query?: Record<string, FieldValues>;
  requiredQuery?: string[];
  /** Extra headers the route reads. */
  headers?: Record<string, fc.Arbitrary<string>>;
  /** Answers its success to anything, broken input included (the analytics beacon): no request must be refused. */
  answersAnything?: boolean;
  /**
   * Whole bodies beside the fields' (the apply route's to the questioned job), each with the answer it must get;
   * `weight`: their share, against the fields' 1.
   */
  answeredBodies?: { weight: number; bodies: fc.Arbitrary<{ value: unknown; expect: FuzzRequest['expect'] }> };
  /** How often the route is picked, against the others' 1. */
  weight?: number;
  /**
   * A page for browsers, not an endpoint of the API (single sign-on's start and callback): its refusal is an HTML
   * page saying why, not the error envelope, and its success a redirect.
   */
  page?: boolean;
}

const required = (values: FieldValues): BodyField => ({ values, required: true });
const optional = (values: FieldValues): BodyField => ({ values, required: false });

// ---------------------------------------------------------------------------------------------------------------
// Query parameters (strings in the URL).

const whole = (max: number): FieldValues => ({
  valid: fc.oneof(fc.integer({ min: 1, max }).map(String), fc.constantFrom('1', String(max), ` ${Math.min(3, max)}`)),
  // class-transformer reads the text with Number(): "0x10" and "1e3" are whole numbers to it.
  invalid: fc.oneof(
    outOfRangeNumbers.filter((text) => !(Number.isInteger(Number(text)) && Number(text) >= 1 && Number(text) <= max)),
    fc.constant(String(max + 1)),
  ),
});
const searchText: FieldValues = {
  valid: fc.oneof(fc.constant(''), textUpTo(MAX_LENGTH.search), fc.constantFrom('%', '_', '\\', '%%', "'", '"', '\\%_', '[a-z]*', '.*', '%\u00A0%')),
  invalid: fc.oneof(withNul, fc.constant('q'.repeat(MAX_LENGTH.search + 1))),
};
const statusFilter = (statuses: readonly string[]): FieldValues => ({
  valid: fc.constantFrom('', ...statuses),
  invalid: fc.oneof(
    fc.constantFrom(...statuses).map((status) => status.toUpperCase()),
    fc.string({ minLength: 1, maxLength: 60 }).filter((text) => !statuses.includes(text) && !text.includes('\u0000')),
    withNul,
  ),
});
const listQuery = (statuses: readonly string[]): Record<string, FieldValues> => ({
  page: whole(LIST_MAX_PAGE),
  limit: whole(LIST_MAX_LIMIT),
  status: statusFilter(statuses),
  q: searchText,
  sort: oneOf(SORT_ORDERS),
});
const queryBoolean: FieldValues = { valid: fc.constantFrom('true', 'false'), invalid: fc.constantFrom('1', '0', 'TRUE', 'yes', 'null', '') };
const ownerFilter: FieldValues = {
  valid: fc.oneof(fc.constantFrom(...OWNER_FILTERS), fc.uuid()),
  invalid: fc.oneof(fc.constantFrom('', 'ME', 'nobody', 'all', '1', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g'), withNul),
};
/** A list's filter by the attribution's source or medium: any text up to the length of a value. */
const channelFilter: FieldValues = {
  valid: fc.oneof(
    fc.constantFrom('', 'direct', 'referral', 'NewsLetter', ' email ', "' OR 1=1 --", '%', 'www.example.com'),
    textUpTo(ATTRIBUTION_VALUE_MAX_LENGTH),
  ),
  invalid: fc.oneof(fc.constant('s'.repeat(ATTRIBUTION_VALUE_MAX_LENGTH + 1)), withNul),
};
/** A list's filter by an answer: a question's id, and an answer (an option, yes or no); the two go together (QUERY_PAIRS). */
const answerFilterQuestion: FieldValues = {
  valid: fc.oneof(fc.constantFrom('', 'budget', 'work-permit-k3x9', '0'), fc.stringMatching(QUESTION_ID_PATTERN)),
  invalid: fc.oneof(fc.constantFrom('Budget', 'a b', '-budget', "' OR 1=1 --", 'q'.repeat(41)), withNul),
};
const answerFilterAnswer: FieldValues = {
  valid: fc.oneof(fc.constantFrom('', 'Under 10k', 'yes', 'no', "' OR 1=1 --", '%', '"}]'), textUpTo(QUESTION_OPTION_MAX_LENGTH)),
  invalid: fc.oneof(fc.constant('a'.repeat(QUESTION_OPTION_MAX_LENGTH + 1)), withNul),
};
/** Query fields that go together: one given (not empty) without the other is refused. */
const QUERY_PAIRS = [['question', 'answer']] as const;
/** The workspace's lists: also by owner, overdue, channel and answer, and in follow-up order. */
const workListQuery = (statuses: readonly string[]): Record<string, FieldValues> => ({
  ...listQuery(statuses),
  sort: oneOf(WORK_SORT_ORDERS),
  owner: ownerFilter,
  overdue: queryBoolean,
  source: channelFilter,
  medium: channelFilter,
  question: answerFilterQuestion,
  answer: answerFilterAnswer,
});
/** The dashboard's "Submissions by channel": 7, 30 or 90 days. */
const channelDays: FieldValues = {
  valid: fc.constantFrom(...REPORT_PERIODS.map(String)),
  invalid: fc.constantFrom('', '0', '1', '8', '31', '365', '-7', '7.5', 'abc', 'NaN', '1e9'),
};
/** The lists of applications (a job's, every job's, the board): also knocked out or not. */
const applicationListQuery = (): Record<string, FieldValues> => ({ ...workListQuery(APPLICATION_STATUSES), knockedOut: queryBoolean });
const inboxQuery = (statuses: readonly string[]): Record<string, FieldValues> => ({
  ...workListQuery(statuses),
  spam: queryBoolean,
});
const isoDate: FieldValues = {
  valid: fc.oneof(
    fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((date) => date.toISOString()),
    fc.date({ min: new Date('1970-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  ),
  invalid: fc.constantFrom('2026-02-30', '2026-13-01', 'yesterday', '31/12/2026', '2026-1-1', '1e10', '2026-01-01T25:00:00Z', "2026-01-01' OR 1=1"),
};
const uuidValues: FieldValues = {
  valid: fc.uuid(),
  invalid: fc.oneof(fc.constantFrom('1', 'not-a-uuid', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g'), withNul),
};
/** The workspace's bodies (owner, follow-up, note) and the kinds of items. */
const ownerIdValue: FieldValues = {
  valid: fc.oneof(fc.constant(null), fc.uuid()),
  invalid: fc.oneof(fc.constantFrom('sam', 7, true, [], {}, '', '00000000-0000-0000-0000-00000000000g'), withNul),
};
const DAY_MS = 24 * 3600_000;
const FOLLOW_UP_SPAN_MS = 4 * 365 * DAY_MS;
// Times to come only (a day ahead at least): a follow-up already due is reminded by a timer, whose outbox row would be
// counted against the requests that happen to run then (a past time is tested in workspace.e2e-spec.ts).
const followUpValue: FieldValues = {
  valid: fc.oneof(
    fc.constant(null),
    fc.integer({ min: DAY_MS, max: FOLLOW_UP_SPAN_MS }).map((offset) => new Date(Date.now() + offset).toISOString()),
  ),
  invalid: fc.oneof(fc.constantFrom('tomorrow', '2027-01-10', '2027-13-01T10:00:00Z', '3026-01-01T10:00:00Z', 5, true, [], {}, ''), withNul),
};
const workKind: FieldValues = oneOf(WORK_ITEM_KINDS);

/** Hiring's bodies: ratings, candidate mails, templates, their settings, bulk changes. */
/** An API key's scopes: the suite's admin is an owner, whose role may give every scope. */
const apiKeyScopes: FieldValues = {
  valid: fc.subarray([...API_KEY_SCOPES], { minLength: 1 }),
  invalid: fc.oneof(
    fc.constantFrom([], 'leads:read', null, 7, {}, ['leads:delete'], ['leads:read', 'LEADS:READ'], ['analytics:write'], [['leads:read']]),
    unstorable.map((text) => ['leads:read', text]),
  ),
};
/** An API key's expiry: none, or a time to come. */
const apiKeyExpiry: FieldValues = {
  valid: fc.oneof(
    fc.constant(null),
    fc.integer({ min: DAY_MS, max: FOLLOW_UP_SPAN_MS }).map((offset) => new Date(Date.now() + offset).toISOString()),
  ),
  invalid: fc.constantFrom('2020-01-01T00:00:00Z', 'tomorrow', '2026-13-01', 7, true, ''),
};
const optionalText = (max: number): FieldValues => ({
  valid: fc.oneof(fc.constant(''), textUpTo(max)),
  invalid: fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 5 }), { maxLength: 2 }), fc.constant('y'.repeat(max + 1)), unstorable),
});
const ratingScore: FieldValues = {
  valid: fc.constantFrom(...RATING_SCORES),
  invalid: fc.constantFrom(0, 5, 2.5, -1, '3', null, true, [], {}),
};
const templateIdValue: FieldValues = {
  valid: fc.oneof(fc.constant(null), fc.uuid()),
  invalid: fc.oneof(fc.constantFrom('rejection', 7, true, [], {}, ''), withNul),
};
// Times to come only, as follow-ups: a mail due during the run is sent by a timer (an update, never a new row).
const sendAtValue: FieldValues = {
  valid: fc.oneof(
    fc.constant(null),
    fc.integer({ min: DAY_MS, max: 300 * DAY_MS }).map((offset) => new Date(Date.now() + offset).toISOString()),
  ),
  invalid: fc.oneof(fc.constantFrom('tomorrow', '2027-01-10', '2027-13-01T10:00:00Z', 5, true, [], {}, ''), withNul),
};
// A mail's text, or a template's, as a recruiter may write it: hostile text and placeholders that never close.
const templateText = (max: number): FieldValues => ({ valid: templateTextUpTo(max), invalid: notTextUpTo(max) });
const optionalTemplateText = (max: number): FieldValues => {
  const text = optionalText(max);
  return { valid: fc.oneof(text.valid, templateTextUpTo(max)), invalid: text.invalid };
};
const candidateEmailBody = {
  templateId: optional(templateIdValue),
  subject: optional(optionalTemplateText(CANDIDATE_SUBJECT_MAX_LENGTH)),
  body: optional(optionalTemplateText(CANDIDATE_BODY_MAX_LENGTH)),
  sendAt: optional(sendAtValue),
};
const templateBody = {
  name: required(requiredText(TEMPLATE_NAME_MAX_LENGTH)),
  subject: required(templateText(CANDIDATE_SUBJECT_MAX_LENGTH)),
  body: required(templateText(CANDIDATE_BODY_MAX_LENGTH)),
};
const bookingLinkValue: FieldValues = {
  valid: fc.oneof(fc.constant(null), fc.stringMatching(/^https:\/\/[a-z]{1,12}\.com\/[a-z0-9-]{0,20}$/)),
  invalid: fc.oneof(fc.constantFrom('http://cal.com/x', 'cal.com/x', 'javascript:alert(1)', 'https://a b', 7, true, [], {}, ''), withNul),
};
const applicationIds: FieldValues = {
  valid: fc.uniqueArray(fc.uuid(), { minLength: 1, maxLength: 4 }),
  invalid: fc.oneof(
    fc.constantFrom([], ['x'], 'x', 5, null, {}),
    fc.uuid().map((id) => [id, id]),
    fc.constant(Array.from({ length: BULK_APPLICATIONS_MAX + 1 }, (_, index) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`)),
  ),
};

/** Booking's bodies: an admin's availability (windows of one day may touch but not overlap). */
const clockTime = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const weeklyWindows: FieldValues = {
  // One window a day at most, start before end: never overlapping.
  valid: fc.uniqueArray(
    fc
      .tuple(fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 1440 }))
      .filter(([, start, end]) => start < end)
      .map(([day, start, end]) => ({ day, start: clockTime(start), end: clockTime(end) })),
    { maxLength: 7, selector: (window) => window.day },
  ),
  invalid: fc.oneof(
    fc.constantFrom('Mon-Fri 9-5', 5, null, {}, [null], ['Monday'], [[]]),
    fc.constantFrom(
      [{ day: 7, start: '09:00', end: '17:00' }],
      [{ day: 1.5, start: '09:00', end: '17:00' }],
      [{ day: '1', start: '09:00', end: '17:00' }],
      [{ day: 1, start: '9:00', end: '17:00' }],
      [{ day: 1, start: '24:00', end: '24:00' }],
      [{ day: 1, start: '17:00', end: '09:00' }],
      [{ day: 1, start: '09:00', end: '09:00' }],
      [{ day: 1, start: '09:00', end: '24:01' }],
      [{ day: 1, start: '09:00' }],
      [{ day: 1, start: '09:00', end: '17:00', note: 'x' }],
      [
        { day: 1, start: '09:00', end: '12:00' },
        { day: 1, start: '11:59', end: '13:00' },
      ],
    ),
    fc.constant(
      Array.from({ length: MAX_WEEKLY_WINDOWS + 1 }, (_, index) => ({ day: index % 7, start: clockTime(index * 30), end: clockTime(index * 30 + 15) })),
    ),
    withNul.map((text) => [{ day: 1, start: text, end: '17:00' }]),
  ),
};
const wholeNumberIn = ({ min, max }: { min: number; max: number }): FieldValues => ({
  valid: fc.integer({ min, max }),
  invalid: fc.oneof(fc.constantFrom(min - 1, max + 1, min + 0.5, String(min), null, true, [], {}, Number.MAX_SAFE_INTEGER + 2), fc.integer({ min: max + 1 })),
});
// Literal public addresses only: a name would be looked up at save, and the fuzz run must not reach the internet.
const busyCalendarUrlValue: FieldValues = {
  valid: fc.oneof(
    fc.constant(null),
    fc.integer({ min: 1, max: 254 }).map((host) => `https://203.0.113.${host}/calendar/private.ics`),
  ),
  invalid: fc.oneof(
    fc.constantFrom('calendar.example.com/busy.ics', 'ftp://203.0.113.1/busy.ics', 'javascript:alert(1)', 'https://a b', '', 7, true, [], {}),
    fc.constant(`https://203.0.113.1/${'a'.repeat(2000)}`),
    withNul,
  ),
};
/** An instant with its offset, as the booking routes take them; half-hours to come are the fixture link's free slots. */
const HALF_HOUR_MS = 30 * 60_000;
const instantValues: FieldValues = {
  valid: fc.oneof(
    fc.integer({ min: 2, max: 13 * 48 }).map((halfHours) => new Date((Math.ceil(Date.now() / HALF_HOUR_MS) + halfHours) * HALF_HOUR_MS).toISOString()),
    fc.date({ min: new Date('2000-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((date) => date.toISOString()),
    fc.constantFrom('2030-01-07T09:00Z', '2030-01-07T09:00:00+01:00', '2030-01-07T09:00:00.123456789-05:30'),
  ),
  invalid: fc.oneof(
    fc.constantFrom('2030-01-07', '2030-01-07T09:00', '2030-01-07 09:00:00Z', '2030-02-30T09:00:00Z', '2030-01-07T24:00:00Z', 'tomorrow', '1893920400000', ''),
    fc.constantFrom(1_893_920_400_000, true, null, [], {}),
    withNul,
  ),
};

/** An IANA time zone by its name (an availability's clock, the zone a visitor booked in). */
const zoneNameValues: FieldValues = {
  valid: fc.constantFrom('UTC', 'Europe/London', 'America/Argentina/Buenos_Aires', 'Asia/Kathmandu', 'Pacific/Chatham', 'Etc/GMT+12'),
  invalid: fc.oneof(fc.constantFrom('Mars/Olympus_Mons', '+05:00', 'GMT+1 ', '', 'Europe/', 5, null, [], {}), withNul),
};

const availabilityBody = {
  timeZone: required(zoneNameValues),
  weekly: required(weeklyWindows),
  meetingMinutes: required(wholeNumberIn(AVAILABILITY_LIMITS.meetingMinutes)),
  bufferMinutes: required(wholeNumberIn(AVAILABILITY_LIMITS.bufferMinutes)),
  minNoticeHours: required(wholeNumberIn(AVAILABILITY_LIMITS.minNoticeHours)),
  maxDaysAhead: required(wholeNumberIn(AVAILABILITY_LIMITS.maxDaysAhead)),
  busyCalendarUrl: optional(busyCalendarUrlValue),
};

const auditFilters: Record<string, FieldValues> = {
  action: oneOf(AUDIT_ACTIONS),
  actor: oneOf(AUDIT_ACTORS),
  adminId: uuidValues,
  targetId: searchText,
  from: isoDate,
  to: isoDate,
  hideSystem: queryBoolean,
};
const timeZone: FieldValues = {
  valid: fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham', 'Etc/GMT+12'),
  invalid: fc.oneof(fc.constantFrom('', 'Mars/Olympus', 'Europe/', '+25:00', '../etc/passwd', 'UTC'.repeat(30)), withNul),
};

// ---------------------------------------------------------------------------------------------------------------
// Bodies.

// fc.webUrl and fc.webPath are slow to generate (a twentieth of the suite's time); paths like theirs, cheaper.
const webPath = fc.stringMatching(/^(\/[\w.~%-]{0,12}){0,3}(\?[\w=&%-]{0,12})?$/);
const futureDate = fc.date({ min: new Date('2100-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
const closesAt: FieldValues = {
  valid: fc.oneof(fc.constant(null), futureDate),
  invalid: fc.constantFrom('2100-02-30', '2100-13-01', '31/12/2100', '2100-1-1', 20991231, true, {}, [], '2100-01-01T00:00:00Z', ''),
};
const webLink = (allowSitePath: boolean): FieldValues => ({
  valid: fc.oneof(
    fc
      .tuple(fc.constantFrom('https', 'http'), fc.stringMatching(/^[a-z][a-z0-9-]{0,20}\.(com|org|io|dev)$/), webPath)
      .map(([scheme, host, path]) => `${scheme}://${host}${path}`),
    fc.constantFrom('https://example.com/a?b=c#d', 'http://localhost:3000/x', 'https://xn--bcher-kva.example/ä?q=%27', 'https://example.com:8443/'),
  ),
  invalid: fc.oneof(
    fc.constantFrom(
      'javascript:alert(1)',
      'data:text/html,<script>',
      'ftp://example.com',
      '//example.com',
      'example.com',
      'https://',
      `https://example.com/${'a'.repeat(MAX_LENGTH.url)}`,
    ),
    allowSitePath ? fc.constantFrom('/../etc/passwd', '//evil.example') : fc.constantFrom('/images/a.svg', '/'),
    fc.constantFrom(42, null, [], {}, ''),
    unstorable,
  ),
});
const phone: FieldValues = {
  valid: fc.oneof(fc.stringMatching(/^\+?\d{1,19}$/), fc.constantFrom('+1 (555) 010-9999', '555.010.9999')),
  invalid: fc.oneof(fc.constantFrom('phone', '+', '++1', '1+2', '١٢٣', '1'.repeat(MAX_LENGTH.phone + 1), '', 5550100, null, [], '12\u00003'), unstorable),
};
const password = (min = 1): FieldValues => ({
  valid: fc.string({ minLength: min, maxLength: 64, unit: 'grapheme' }).filter((text) => !text.includes('\u0000')),
  invalid: fc.oneof(fc.constantFrom('', 12345678901234, null, [], {}, true), fc.constant('p'.repeat(ADMIN_PASSWORD_MAX_LENGTH + 1))),
});
const otp: FieldValues = {
  valid: fc.stringMatching(/^\d{6}$/),
  invalid: fc.oneof(fc.constantFrom('12345', '1234567', 'abcdef', '12 34 56', '', 123456, null, '١٢٣٤٥٦'), unstorable),
};
const recoveryCode: FieldValues = {
  valid: fc.oneof(fc.stringMatching(/^[0-9a-zA-Z]{5}-?[0-9a-zA-Z]{5}$/), fc.constantFrom(' K7M2P X9QRT ', 'k7m2p--x9qrt')),
  invalid: fc.oneof(fc.constantFrom('k7m2p-x9qr', 'k7m2p-x9qrt1', 'k7m2p_x9qrt', '', 1234567890, null, []), unstorable),
};
/** What turning the authenticator app off and replacing its recovery codes take: its code, or a recovery code. */
const appOrRecoveryCode: FieldValues = {
  valid: fc.oneof(otp.valid, recoveryCode.valid),
  invalid: fc.oneof(fc.constantFrom('12345', '1234567', 'k7m2p-x9qr', '', 123456, null, {}), unstorable),
};
/**
 * The browser's answer to a passkey ceremony: any object reaches the WebAuthn library (forged ones, with a client data
 * that names a challenge never given, and shapes it does not expect), which must refuse it without a 500.
 */
const ceremonyResponse: FieldValues = {
  valid: fc.oneof(
    fc.record({
      id: fc.string({ maxLength: 40 }),
      rawId: fc.string({ maxLength: 40 }),
      type: fc.constantFrom('public-key', 'other'),
      response: fc.record({
        clientDataJSON: fc
          .record({ type: fc.constantFrom('webauthn.get', 'webauthn.create'), challenge: fc.string({ maxLength: 60 }), origin: fc.webUrl() })
          .map((clientData) => Buffer.from(JSON.stringify(clientData)).toString('base64url')),
        attestationObject: fc.base64String({ maxLength: 80 }),
        authenticatorData: fc.base64String({ maxLength: 80 }),
        signature: fc.base64String({ maxLength: 80 }),
      }),
      clientExtensionResults: fc.constant({}),
    }),
    fc.object({ maxDepth: 2 }),
  ),
  invalid: fc.constantFrom('', 'response', 42, null, [], true),
};
const adminId: FieldValues = {
  valid: fc.oneof(
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 64 }).filter((text) => text.trim() !== '' && !text.includes('\u0000')),
  ),
  invalid: fc.oneof(fc.constantFrom('', ' ', 42, null, [], {}), fc.constant('a'.repeat(65)), unstorable),
};
const challenge: FieldValues = {
  valid: fc.uuid(),
  invalid: fc.constantFrom('challenge', '', 42, '00000000-0000-0000-0000-0000000000000'),
};
const inviteToken: FieldValues = {
  valid: fc.stringMatching(/^[\w-]{43}$/),
  invalid: fc.oneof(fc.stringMatching(/^[\w-]{1,42}$/), fc.stringMatching(/^[\w-]{44,60}$/), fc.constantFrom('', null, 42, `${'a'.repeat(42)}=`)),
};
/** A single sign-on ticket (32 random bytes, base64url): any text of its length is one that was never given. */
const ssoTicket: FieldValues = {
  valid: fc.stringMatching(/^[\w-]{43}$/),
  invalid: fc.constantFrom('', null, 42, [], {}, 't'.repeat(101)),
};
/** The state and the code of the provider's answer: only the one the server gave signs in, none of these. */
const ssoAnswerPart: FieldValues = {
  valid: fc.stringMatching(/^[\w.~-]{1,64}$/),
  invalid: fc.constantFrom(''),
};
const webhookUrl: FieldValues = {
  // The suite allows private addresses: every endpoint it may add is the discard port of the local host, so the
  // delivery worker never calls out; the address checks themselves are tested in webhooks.e2e-spec.ts.
  valid: fc.oneof(
    fc.tuple(fc.constantFrom('http://127.0.0.1:9', 'https://127.0.0.1:9', 'http://[::1]:9'), webPath).map(([origin, path]) => `${origin}${path}`),
    fc.constantFrom('http://127.0.0.1:9/hook?x=%27%00', 'https://[::1]:9/ünïcode'),
  ),
  invalid: fc.oneof(
    fc.constantFrom('', ' ', 42, null, [], {}, 'hooks.example.com', 'ftp://127.0.0.1:9/', 'javascript:alert(1)', 'http://'),
    fc.constant(`http://127.0.0.1:9/${'u'.repeat(MAX_LENGTH.url)}`),
    unstorable,
  ),
};
const webhookEvents: FieldValues = {
  valid: fc.uniqueArray(fc.constantFrom(...WEBHOOK_EVENTS), { minLength: 1 }),
  invalid: fc.oneof(
    fc.constantFrom([], ['lead.created', 'lead.created'], ['lead.deleted'], 'lead.created', [42], null, {}, [['lead.created']]),
    fc
      .array(fc.string({ maxLength: 20 }), { minLength: 1, maxLength: 4 })
      .filter((events) => events.some((event) => !(WEBHOOK_EVENTS as readonly string[]).includes(event))),
  ),
};

/**
 * A case study's fields: any value of their type passes the DTO (the service checks them, 400 per field; null is
 * absent for the DTO). The valid ones fit the service's rules too, so that the routes' successes are reached.
 */
const caseValues = (valid: fc.Arbitrary<unknown>): FieldValues => ({
  valid: fc.oneof(valid, fc.constant(null)),
  invalid: fc.oneof(fc.integer(), fc.boolean(), unstorable),
});
const caseSlug = caseValues(fc.uuid().map((uuid) => `fuzz-${uuid}`));
const caseText = caseValues(fc.constantFrom('', 'Atlas Ltd', 'Travel'));
const caseList = (...lists: unknown[][]): FieldValues => caseValues(fc.constantFrom(...lists));
const caseBody = caseValues(
  fc.constantFrom(
    { type: 'doc', content: [{ type: 'paragraph' }] },
    { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'The story.' }] }] },
  ),
);

/**
 * `PUT /api/admin/settings/sign-in`'s roles. The valid ones never cover owners or editors: the suites act as both, and a
 * policy that covered them would close the back office to the rest of the run (its rules are sign-in-policy's suite's).
 */
const signInRoles: FieldValues = {
  valid: fc.uniqueArray(fc.constantFrom('sales', 'recruiter'), { maxLength: 2 }),
  invalid: fc.oneof(
    fc.constantFrom('sales', ['sales', 'sales'], ['boss'], ['Sales'], [42], null, {}, [['sales']], [null]),
    fc
      .array(fc.string({ maxLength: 12 }), { minLength: 1, maxLength: 3 })
      .filter((roles) => roles.some((role) => !(ADMIN_ROLES as readonly string[]).includes(role))),
  ),
};

/** `PUT /api/admin/settings/notifications`: `{ routes, chat?, assignees? }` read by its own pipe (per route: addresses, a chat channel, admins). */
/** A content page's fields: any object passes the DTO (the page's spec is checked by the service, after the key). */
const contentFields: FieldValues = {
  valid: fc.dictionary(fc.string({ maxLength: 10 }), fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 }), { maxKeys: 3 }), { maxKeys: 3 }),
  invalid: fc.oneof(fc.constant(null), fc.string({ maxLength: 20 }), fc.integer(), fc.array(fc.string(), { maxLength: 2 })),
};

/** A time to publish at: the DTO takes any text (the service then wants an ISO time in the future). */
/** The draft version an edit started from: any text may be sent; only the page's newest saves. */
const baseVersionId: FieldValues = {
  valid: fc.oneof(fc.uuid(), fc.string({ maxLength: 40 })),
  invalid: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 })),
};

const publishAt: FieldValues = {
  valid: fc.oneof(
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
    fc.string({ maxLength: 30 }),
  ),
  invalid: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 1 })),
};

/** A built page's title or slug: any text passes the DTO (the service checks it as the page's document). */
const pageText: FieldValues = {
  valid: fc.string({ maxLength: 60 }),
  invalid: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), unstorable),
};
/** A built page's draft: any object passes the DTO (validateBuiltPage is the service's, after the page's id). */
const pageDraft: FieldValues = {
  valid: fc.record({
    title: fc.string({ maxLength: 20 }),
    slug: fc.string({ maxLength: 20 }),
    blocks: fc.array(fc.record({ type: fc.constantFrom(...PAGE_BLOCK_TYPES) }), { maxLength: 2 }),
  }),
  invalid: contentFields.invalid,
};
/** A news tag to filter by: lower-case words joined by single hyphens, at most 30 characters. */
const postTag: FieldValues = {
  valid: fc.oneof(fc.constantFrom('design', 'a', 'cloud-2026'), fc.stringMatching(/^[a-z0-9]{1,10}(?:-[a-z0-9]{1,10}){0,1}$/)),
  invalid: fc.oneof(fc.constantFrom('Design', 'two words', '-x', 'x-', 'a--b', 'x'.repeat(31)), withNul),
};
/** What site search looks for: 1 to SEARCH_QUERY_MAX characters once trimmed, any words or syntax. */
const siteSearch: FieldValues = {
  valid: fc.oneof(
    fc.constantFrom('cloud', ' cloud audit ', '"cloud audit" -design or web', '<script>', '&', '%_', 'x'.repeat(SEARCH_QUERY_MAX)),
    fc.string({ minLength: 1, maxLength: SEARCH_QUERY_MAX }).filter((text) => text.trim() !== '' && !text.includes('\u0000')),
  ),
  invalid: fc.oneof(fc.constantFrom('', '   ', 'x'.repeat(SEARCH_QUERY_MAX + 1)), withNul),
};
/** A redirect's from, to or status: any value passes the DTO (validateRedirect is the service's; 400 per field). */
const redirectField: FieldValues = {
  valid: fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom('/old-offer', '/contact?x=1#y', 'https://elsewhere.test/a', 301, 302),
    fc.integer(),
    fc.constant(null),
  ),
  invalid: unstorable,
};
const navLabel: FieldValues = {
  valid: fc.string({ maxLength: NAV_LABEL_MAX }).filter((text) => !text.includes('\u0000')),
  invalid: fc.oneof(fc.integer(), fc.constant(null), fc.array(fc.string(), { maxLength: 2 }), fc.constant('y'.repeat(NAV_LABEL_MAX + 1)), unstorable),
};
const navOrder: FieldValues = {
  valid: fc.integer({ min: 0, max: NAV_ORDER_MAX }),
  invalid: fc.oneof(fc.constantFrom(-1, NAV_ORDER_MAX + 1, 1.5, '1', null, [], true), fc.integer({ min: NAV_ORDER_MAX + 1 })),
};

const notificationRoutes: fc.Arbitrary<{ value: unknown; valid: boolean }> = (() => {
  const recipients = fc.array(validEmail, { maxLength: 3 });
  const departments = (keys: readonly string[]) => fc.dictionary(fc.constantFrom(...keys), recipients, { maxKeys: keys.length });
  const validRoutes = fc.record(
    { lead: recipients, contact: departments(CONTACT_DEPARTMENTS), application: departments(JOB_DEPARTMENTS) },
    { requiredKeys: [] },
  );
  const badList = fc.oneof(
    fc.constantFrom('a@example.com', null, 42, {}, [42], [null], ['not-an-address'], [['a@example.com']]),
    fc.constant(Array.from({ length: NOTIFICATION_ROUTE_MAX_RECIPIENTS + 1 }, (_, index) => `r${index}@example.com`)),
    unstorable.map((text) => [text]),
  );
  // Chat channels and round-robin: none is always valid; a channel or an admin that passes takes DNS or real admins.
  const noneSet = fc.record({ chat: fc.constant({ lead: null }), assignees: fc.constant({ contact: { sales: [] } }) }, { requiredKeys: [] });
  const badExtras = fc.constantFrom(
    { chat: { lead: { kind: 'irc', url: 'https://chat.example.com/hook' } } },
    { chat: { lead: { kind: 'slack', url: 'not a url' } } },
    { chat: { lead: { kind: 'teams', url: 'ftp://chat.example.com/hook' } } },
    { chat: { lead: { kind: 'slack' } } },
    { chat: 'slack' },
    { assignees: { lead: ['not-an-id'] } },
    { assignees: { lead: ['00000000-0000-4000-8000-000000000000'] } },
    { assignees: { application: { design: 'someone' } } },
    { chats: {} },
  );
  return fc.oneof(
    fc.tuple(validRoutes, noneSet).map(([routes, extras]) => ({ value: { routes, ...extras }, valid: true })),
    fc
      .oneof(
        badList.map((list) => ({ routes: { lead: list } })),
        badList.map((list) => ({ routes: { contact: { sales: list } } })),
        fc.constantFrom(...CONTACT_DEPARTMENTS).chain((department) => badList.map((list) => ({ routes: { application: { [`${department}x`]: list } } }))),
        // (`contact.sales` written flat is read as the nested route, so it is not among these.)
        fc.constantFrom('unknown', 'constructor', 'toString', 'contact', 'application.nobody').map((key) => ({ routes: { [key]: [] } })),
        fc.constantFrom({ routes: null }, { routes: [] }, { routes: 'lead' }, {}, { routes: {}, extra: 1 }, { route: {} }),
        badExtras.map((extras) => ({ routes: {}, ...extras })),
      )
      .map((value) => ({ value, valid: false })),
  );
})();

/** The site's analytics reports (POST /api/collect), as the site sends them and as nobody should. */
const collectReport: fc.Arbitrary<{ value: unknown; valid: boolean }> = fc
  .oneof(
    fc.record(
      {
        type: fc.constant('view'),
        path: fc.oneof(
          webPath.map((path) => `/${path.replace(/^\/+/, '')}`),
          fc.constantFrom('/', '/careers/a-3f2504e0', '//evil.example', '/api/leads', ''),
        ),
        referrer: fc.oneof(fc.constantFrom('www.google.com', 'localhost', 'not a host', ''), fc.string({ maxLength: 120 })),
        source: fc.oneof(fc.constantFrom('newsletter', 'Google', ''), fc.string({ maxLength: 120 }), unstorable),
        medium: fc.oneof(fc.constantFrom('email', 'cpc'), fc.string({ maxLength: 20 })),
        screen: fc.constantFrom('phone', 'tablet', 'desktop', 'watch'),
      },
      { requiredKeys: ['type', 'path'] },
    ),
    fc.record({
      type: fc.constantFrom('start', 'submit'),
      form: fc.constantFrom('quote', 'contact', 'application', 'newsletter'),
      path: fc.constantFrom('/', '/contact'),
    }),
    fc.jsonValue({ maxDepth: 2 }),
  )
  .map((value) => ({ value, valid: true }));

/** A period of the analytics: these `from` and `to` always make one (at most 366 days); the invalid ones are no day. */
const analyticsDay = (days: readonly string[]): FieldValues => ({
  valid: fc.constantFrom(...days),
  invalid: fc.oneof(fc.constantFrom('2026-02-30', '2026-13-01', '2026/01/01', '2026-1-1', 'yesterday', '2026-01-01T00:00:00Z', '1e10'), withNul),
});
/** A page the report is narrowed to: a path as the counts keep them (with `source` too, a 400 either way). */
const analyticsPath: FieldValues = {
  valid: fc.constantFrom('/', '/careers', '/no-such-page', "/'%20OR%201=1"),
  invalid: fc.oneof(fc.constantFrom('careers', '/with space', `/${'p'.repeat(200)}`, ''), withNul),
};
const analyticsQuery: Record<string, FieldValues> = {
  from: analyticsDay(['2026-01-01', '2026-03-01']),
  to: analyticsDay(['2026-03-31', '2026-06-30']),
  source: { valid: fc.constantFrom('direct', 'Newsletter', 'www.google.com', "' OR 1=1 --", '%'), invalid: fc.oneof(fc.constant('s'.repeat(101)), withNul) },
  medium: { valid: fc.constantFrom('', 'email', 'referral'), invalid: fc.oneof(fc.constant('m'.repeat(101)), withNul) },
};

/**
 * Custom questions (docs/features/form-questions.md): whole lists, checked by the service question by question (400
 * per field). The valid lists ask nothing required (a consent always is), so the generated submissions of the forms
 * and the apply route, which answer no question, stay valid after a list is saved; `job`: knockouts too.
 */
const questionLists = (job: boolean): FieldValues => {
  const id = fc.stringMatching(/^[a-z0-9][a-z0-9-]{0,11}$/);
  const label = fc.oneof(textUpTo(QUESTION_LABEL_MAX_LENGTH), fc.constantFrom('Budget', 'Do you have a work permit?'));
  const options = fc.uniqueArray(
    fc.oneof(fc.constantFrom('Under 10k', 'Over 50k', "' OR 1=1 --", 'Zoë'), fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 ]{0,10}[A-Za-z0-9]$/)),
    { minLength: 1, maxLength: 4 },
  );
  const base = {
    id,
    label,
    required: fc.constant(false),
    help: fc.oneof(
      fc.constant(''),
      fc.string({ maxLength: 40 }).filter((text) => !text.includes('\u0000')),
    ),
  };
  const requiredKeys = ['id', 'label', 'type', 'required'] as const;
  const question = fc.oneof(
    fc.record({ ...base, type: fc.constantFrom('text', 'textarea', 'email', 'url', 'phone', 'date') }, { requiredKeys: [...requiredKeys] }),
    fc.record(
      { ...base, type: fc.constant('number'), min: fc.integer({ min: -10, max: 0 }), max: fc.integer({ min: 1, max: 1000 }) },
      { requiredKeys: [...requiredKeys] },
    ),
    fc
      .record({ ...base, type: fc.constantFrom('select', 'multiselect'), options }, { requiredKeys: [...requiredKeys, 'options'] })
      .chain((choice) =>
        job
          ? fc
              .option(fc.subarray(choice.options, { minLength: 1 }), { nil: undefined })
              .map((answers) => (answers ? { ...choice, knockout: { answers } } : choice))
          : fc.constant(choice),
      ),
    fc
      .record({ ...base, type: fc.constant('checkbox') }, { requiredKeys: [...requiredKeys] })
      .chain((yesNo) =>
        job
          ? fc.option(fc.constantFrom(['no'], ['yes']), { nil: undefined }).map((answers) => (answers ? { ...yesNo, knockout: { answers } } : yesNo))
          : fc.constant(yesNo),
      ),
  );
  const permit = { id: 'permit', label: 'Work permit?', type: 'checkbox', required: false };
  const conditional = [permit, { id: 'visa', label: 'Which visa?', type: 'text', required: false, showIf: { question: 'permit', equals: 'yes' } }];
  const knockout = { ...permit, knockout: { answers: ['no'] } };
  return {
    valid: fc.oneof(
      fc.constant([]),
      fc.constant(conditional),
      fc.uniqueArray(question, { selector: (item) => item.id, maxLength: 4 }),
      ...(job ? [fc.constant([knockout])] : []),
    ),
    invalid: fc.oneof(
      fc.constantFrom(null, 'permit', 7, {}, { 0: permit }, [null], ['permit'], [{}], [permit, permit]),
      fc.constant(Array.from({ length: FORM_QUESTIONS_MAX + 1 }, (_, index) => ({ ...permit, id: `q${index}` }))),
      fc.constantFrom(
        [{ ...permit, type: 'radio' }],
        [{ ...permit, id: 'Permit!' }],
        [{ ...permit, label: '' }],
        [{ ...permit, required: 'no' }],
        [{ ...permit, colour: 'red' }],
        [{ ...permit, options: ['Yes'] }],
        [{ ...permit, type: 'select', options: [] }],
        [{ ...permit, type: 'select', options: Array.from({ length: QUESTION_OPTIONS_MAX + 1 }, (_, index) => `o${index}`) }],
        [{ ...permit, type: 'number', min: 5, max: 1 }],
        [{ ...permit, type: 'consent', required: true }],
        [
          {
            ...permit,
            type: 'consent',
            required: false,
            statement: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'I agree' }] }] },
          },
        ],
        [conditional[1], permit],
        [permit, { ...permit, id: 'again', showIf: { question: 'again', equals: 'yes' } }],
        [permit, { ...permit, id: 'visa', showIf: { question: 'permit', equals: 'maybe' } }],
        [{ ...permit, knockout: { answers: ['maybe'] } }],
        [{ ...permit, type: 'text', knockout: { answers: ['no'] } }],
        // A knockout on the quote or contact form; on a job, one that is no { answers }.
        [job ? { ...permit, knockout: ['no'] } : knockout],
      ),
      unstorable.map((text) => [{ ...permit, label: text }]),
    ),
  };
};

/**
 * A form's answers to its custom questions (docs/features/form-questions.md). The fuzzed forms and the fixture job
 * ask nothing required, so no answers are taken. A list the fuzzer saves may ask any question id (`permit` among
 * them), so the refused answers name ids no question can have (QUESTION_ID_PATTERN), or are no map of answers. The
 * answers to a job that has questions are fuzzed on the questioned job (fuzz-answers.ts).
 */
const noAnswers: FieldValues = {
  valid: fc.constantFrom({}, null),
  invalid: fc.oneof(
    fc.constantFrom([], 'yes', 42, true, { Budget: 'Over 50k' }, { 'Consent!': true }, { work_permit: false }),
    fc.dictionary(
      fc.string({ minLength: 1, maxLength: 40 }).filter((key) => !QUESTION_ID_PATTERN.test(key)),
      fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.boolean(), fc.array(fc.string({ maxLength: 5 }))),
      {
        minKeys: 1,
        maxKeys: 3,
      },
    ),
  ),
};
const leadBody = {
  name: required(requiredText(MAX_LENGTH.name)),
  email: required(email),
  service: required(oneOf(SERVICE_KEYS)),
  message: required(requiredText(MAX_LENGTH.message)),
  answers: optional(noAnswers),
};
const contactBody = {
  name: required(requiredText(MAX_LENGTH.name)),
  email: required(email),
  phone: optional(phone),
  department: required(oneOf(CONTACT_DEPARTMENTS)),
  message: required(requiredText(MAX_LENGTH.message)),
  answers: optional(noAnswers),
};
const portfolioBody = {
  category: required(oneOf(PORTFOLIO_CATEGORY_KEYS)),
  projectTitle: required(requiredText(MAX_LENGTH.title)),
  projectSubtitle: required(requiredText(MAX_LENGTH.subtitle)),
  description: required(requiredText(MAX_LENGTH.description)),
  imgLink: required(webLink(true)),
  linkToProject: required(webLink(false)),
  techStack: required(textList(MAX_TECH_STACK_ITEMS, MAX_LENGTH.techItem, 1)),
  // The slug and the case study's fields (docs/features/case-studies.md).
  slug: optional(caseSlug),
  baseVersionId: optional(caseValues(fc.constant('00000000-0000-4000-8000-000000000000'))),
  client: optional(caseText),
  industry: optional(caseText),
  services: optional(caseList([], ['web'])),
  results: optional(caseList([], [{ value: '3×', label: 'more bookings' }])),
  gallery: optional(caseList([], [{ image: '/images/x.svg', imageAlt: 'A screen of the app', caption: '' }])),
  body: optional(caseBody),
};
const jobBody = {
  title: required(requiredText(MAX_LENGTH.title)),
  department: required(oneOf(JOB_DEPARTMENTS)),
  location: required(oneOf(JOB_LOCATIONS)),
  type: required(oneOf(JOB_TYPES)),
  experience: required(requiredText(MAX_LENGTH.experience)),
  description: required(requiredText(MAX_LENGTH.description)),
  requirements: optional(textList(MAX_REQUIREMENTS, MAX_LENGTH.requirement)),
  closesAt: optional(closesAt),
  questions: optional(questionLists(true)),
};
const applyBody = (ids: () => FuzzIds): Record<string, BodyField> => ({
  job: required({
    valid: fc.oneof(
      fc.constant(null).map(() => ids().job),
      fc.uuid(),
      fc.constantFrom('job', "' OR 1=1 --", '%'),
    ),
    invalid: fc.oneof(fc.constantFrom('', 42, null, [], {}), fc.constant('j'.repeat(65)), unstorable),
  }),
  fullName: required(requiredText(MAX_LENGTH.name)),
  email: required(email),
  phone: required(phone),
  experience: required(requiredText(MAX_LENGTH.experience)),
  coverLetter: optional({
    valid: fc.oneof(textUpTo(MAX_LENGTH.coverLetter), fc.constant('')),
    invalid: fc.oneof(fc.constantFrom(42, [], {}, true), fc.constant('c'.repeat(MAX_LENGTH.coverLetter + 1)), unstorable),
  }),
  portfolio: optional({
    valid: fc.oneof(webLink(false).valid, fc.constant('')),
    invalid: fc.oneof(fc.constantFrom('javascript:alert(1)', 'portfolio', 42, [], 'ftp://x.example'), unstorable),
  }),
  resume: required({ valid: acceptableResume, invalid: refusedResume }),
  isResumeBase64: optional(bool),
  answers: optional(noAnswers),
});
const status = (statuses: readonly string[]) => ({ status: required(oneOf(statuses)) });

/** Every route of the app (as `appRoutes` prints it) and how to fuzz it. A route missing here fails the suite. */
export function fuzzRoutes(ids: () => FuzzIds): Record<string, RouteFuzz> {
  const list = (statuses: readonly string[]) => ({ admin: true, query: listQuery(statuses) });
  const audit = {
    admin: true,
    query: { page: whole(LIST_MAX_PAGE), limit: whole(LIST_MAX_LIMIT), ...auditFilters },
  };
  const auditExport = { admin: true, query: { ...auditFilters, tz: timeZone } };
  // A CSV export: the list's filters without paging, and the time zone of its dates.
  const exportOf = ({ page: _page, limit: _limit, ...filters }: Record<string, FieldValues>) => ({ admin: true, query: { ...filters, tz: timeZone } });
  const applicationsExport = {
    ...exportOf(applicationListQuery()),
    query: {
      ...exportOf(applicationListQuery()).query,
      job: {
        valid: fc.oneof(
          fc.constant(null).map(() => ids().job),
          fc.uuid(),
        ),
        invalid: uuidValues.invalid,
      },
    },
    requiredQuery: ['job'],
  };
  const privacy = { admin: true, body: { email: required(email) } };
  // Retired: 410 whatever the query holds.
  const retiredPrivacy = { admin: true, query: { email } };
  const plainAdmin = { admin: true };
  const publicRead = { admin: false };
  const formHeaders = {
    [FORM_TOKEN_HEADER]: fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom('1.aaaaaaaaaaaa.bbbbbbbbbbbbbbbbbbbbbb', 'zzzzzzzzzzzz.AAAAAAAAAAAA.AAAAAAAAAAAAAAAAAAAAAA'),
    ),
    [FORM_TRAP_HEADER]: fc.constantFrom('', '1', 'filled', 'x'.repeat(500)),
  };
  // Never a reason to refuse: whatever it holds, the submission is taken with what of it is well-formed.
  const attributionHeader = {
    [ATTRIBUTION_HEADER]: fc.oneof(
      fc.string({ maxLength: 60 }),
      fc
        .record(
          {
            source: fc.oneof(fc.string({ maxLength: 120 }), fc.integer(), fc.constant(null)),
            medium: fc.string({ maxLength: 20 }),
            campaign: fc.string({ maxLength: 20 }),
            referrer: fc.constantFrom('www.google.com', 'https://evil.example/path', 'host:8080', 'a b', '', 'EXAMPLE.ORG.'),
            landing: fc.constantFrom('/', '/careers?utm_source=x', '//evil.example', 'https://example.com/', '/a\\b', 'contact'),
          },
          { requiredKeys: [] },
        )
        .map((report) => JSON.stringify(report)),
      fc.constantFrom('{"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}', '[]', 'null', '"direct"', '{"source":'),
      fc.constant(JSON.stringify({ source: 'x'.repeat(3000) })),
    ),
  };
  return {
    'GET /api/health': publicRead,
    'HEAD /api/health': publicRead,
    'GET /api/ready': publicRead,
    'HEAD /api/ready': publicRead,
    'GET /api/admin/audit': audit,
    'HEAD /api/admin/audit': audit,
    'GET /api/admin/audit/export.csv': auditExport,
    'HEAD /api/admin/audit/export.csv': auditExport,
    'GET /api/admin/admins': plainAdmin,
    'HEAD /api/admin/admins': plainAdmin,
    'POST /api/admin/admins': {
      admin: true,
      body: { email: required(email), name: required(requiredText(MAX_LENGTH.name)), role: required(oneOf(ADMIN_ROLES)) },
    },
    'PATCH /api/admin/admins/:id': { admin: true, ids: ['admin'], body: { role: optional(oneOf(ADMIN_ROLES)), disabled: optional(bool) } },
    'POST /api/admin/admins/:id/sign-in-reset': { admin: true, ids: ['admin'], body: { password: required(password()) } },
    'POST /api/admin/admins/:id/sign-in-grace': { admin: true, ids: ['admin'] },
    'GET /api/admin/invites': plainAdmin,
    'HEAD /api/admin/invites': plainAdmin,
    'DELETE /api/admin/invites/:id': { admin: true, ids: ['random'] },
    'GET /api/admin/account': plainAdmin,
    'HEAD /api/admin/account': plainAdmin,
    'PUT /api/admin/account/password': { admin: true, body: { currentPassword: required(password()), newPassword: required(password()) } },
    'GET /api/admin/account/sessions': plainAdmin,
    'HEAD /api/admin/account/sessions': plainAdmin,
    // Random ids only: ending the suite's own session would sign it out.
    'DELETE /api/admin/account/sessions/:id': { admin: true, ids: ['random'] },
    // The suite's owner never has a confirmed app (no code is right by chance): setups are refused but for the right
    // password, confirmations, removals and new recovery codes always.
    'GET /api/admin/me/totp': plainAdmin,
    'HEAD /api/admin/me/totp': plainAdmin,
    'POST /api/admin/me/totp': { admin: true, body: { password: required(password()) } },
    'POST /api/admin/me/totp/confirm': { admin: true, body: { code: required(otp) } },
    'DELETE /api/admin/me/totp': { admin: true, body: { password: required(password()), code: required(appOrRecoveryCode) } },
    'POST /api/admin/me/totp/recovery-codes': { admin: true, body: { password: required(password()), code: required(appOrRecoveryCode) } },
    'GET /api/admin/me/passkeys': plainAdmin,
    'HEAD /api/admin/me/passkeys': plainAdmin,
    'POST /api/admin/me/passkeys/options': { admin: true, body: { password: required(password()) } },
    'POST /api/admin/me/passkeys': { admin: true, body: { name: required(requiredText(PASSKEY_NAME_MAX_LENGTH)), response: required(ceremonyResponse) } },
    'DELETE /api/admin/me/passkeys/:id': { admin: true, ids: ['random'], body: { password: required(password()) } },
    'GET /api/admin/api-keys': plainAdmin,
    'HEAD /api/admin/api-keys': plainAdmin,
    'POST /api/admin/api-keys': {
      admin: true,
      body: { name: required(requiredText(API_KEY_NAME_MAX_LENGTH)), scopes: required(apiKeyScopes), expiresAt: optional(apiKeyExpiry) },
    },
    'DELETE /api/admin/api-keys/:id': { admin: true, ids: ['random'] },
    'GET /api/admin/me/availability': plainAdmin,
    'HEAD /api/admin/me/availability': plainAdmin,
    'PUT /api/admin/me/availability': { admin: true, body: availabilityBody },
    // The visitor's booking link: a real token (or a random one, hostile ones: 404).
    'GET /api/booking/:token': { admin: false, ids: ['bookingLink'] },
    'HEAD /api/booking/:token': { admin: false, ids: ['bookingLink'] },
    'GET /api/booking/:token/slots': { admin: false, ids: ['bookingLink'], query: { from: instantValues, to: instantValues } },
    'HEAD /api/booking/:token/slots': { admin: false, ids: ['bookingLink'], query: { from: instantValues, to: instantValues } },
    'POST /api/booking/:token': { admin: false, ids: ['bookingLink'], body: { start: required(instantValues), timeZone: optional(zoneNameValues) } },
    'DELETE /api/booking/:token': { admin: false, ids: ['bookingLink'] },
    'GET /api/admin/settings/notifications': plainAdmin,
    'HEAD /api/admin/settings/notifications': plainAdmin,
    'PUT /api/admin/settings/notifications': { admin: true, customBody: notificationRoutes },
    'GET /api/admin/settings/sign-in': plainAdmin,
    'HEAD /api/admin/settings/sign-in': plainAdmin,
    'PUT /api/admin/settings/sign-in': { admin: true, body: { roles: required(signInRoles), graceDays: required(wholeNumberIn(SIGN_IN_GRACE_DAYS)) } },
    'GET /api/admin/settings/retention': plainAdmin,
    'HEAD /api/admin/settings/retention': plainAdmin,
    'GET /api/admin/settings/webhooks': plainAdmin,
    'HEAD /api/admin/settings/webhooks': plainAdmin,
    'POST /api/admin/settings/webhooks': { admin: true, body: { url: required(webhookUrl), events: required(webhookEvents) } },
    'PATCH /api/admin/settings/webhooks/:id': { admin: true, ids: ['webhook'], body: { enabled: required(bool) } },
    'DELETE /api/admin/settings/webhooks/:id': { admin: true, ids: ['random'] },
    'GET /api/admin/deliveries': list(DELIVERY_STATUSES),
    'HEAD /api/admin/deliveries': list(DELIVERY_STATUSES),
    'POST /api/admin/deliveries/:id/retry': { admin: true, ids: ['delivery'] },
    'GET /api/admin/dashboard/stats': plainAdmin,
    'GET /api/admin/my-work': plainAdmin,
    'HEAD /api/admin/my-work': plainAdmin,
    'GET /api/admin/assignees': { admin: true, query: { kind: workKind }, requiredQuery: ['kind'] },
    'HEAD /api/admin/assignees': { admin: true, query: { kind: workKind }, requiredQuery: ['kind'] },
    'HEAD /api/admin/dashboard/stats': plainAdmin,
    'GET /api/admin/dashboard/channels': { admin: true, query: { days: channelDays } },
    'HEAD /api/admin/dashboard/channels': { admin: true, query: { days: channelDays } },
    'POST /api/admin/privacy/lookup': privacy,
    'POST /api/admin/privacy/erase': privacy,
    'GET /api/admin/privacy': retiredPrivacy,
    'HEAD /api/admin/privacy': retiredPrivacy,
    'DELETE /api/admin/privacy': retiredPrivacy,
    'GET /api/form-token': publicRead,
    'HEAD /api/form-token': publicRead,
    'POST /api/collect': { admin: false, customBody: collectReport, answersAnything: true },
    'GET /api/admin/analytics': { admin: true, query: { ...analyticsQuery, path: analyticsPath }, requiredQuery: ['from', 'to'] },
    'HEAD /api/admin/analytics': { admin: true, query: { ...analyticsQuery, path: analyticsPath }, requiredQuery: ['from', 'to'] },
    'GET /api/admin/analytics/export.csv': { admin: true, query: { ...analyticsQuery, tz: timeZone }, requiredQuery: ['from', 'to'] },
    'HEAD /api/admin/analytics/export.csv': { admin: true, query: { ...analyticsQuery, tz: timeZone }, requiredQuery: ['from', 'to'] },
    'POST /api/leads': { admin: false, body: leadBody, headers: { ...formHeaders, ...attributionHeader } },
    'GET /api/leads': { admin: true, query: inboxQuery(LEAD_STATUSES) },
    'HEAD /api/leads': { admin: true, query: inboxQuery(LEAD_STATUSES) },
    'GET /api/leads/export.csv': exportOf(inboxQuery(LEAD_STATUSES)),
    'HEAD /api/leads/export.csv': exportOf(inboxQuery(LEAD_STATUSES)),
    'PATCH /api/leads/:id/status': { admin: true, ids: ['lead'], body: status(LEAD_STATUSES) },
    'PATCH /api/leads/:id/spam': { admin: true, ids: ['lead'], body: { spam: required(bool) } },
    'GET /api/leads/:id': { admin: true, ids: ['lead'] },
    'HEAD /api/leads/:id': { admin: true, ids: ['lead'] },
    'PATCH /api/leads/:id/owner': { admin: true, ids: ['lead'], body: { ownerId: required(ownerIdValue) } },
    'PUT /api/leads/:id/follow-up': { admin: true, ids: ['lead'], body: { at: required(followUpValue) } },
    'POST /api/leads/:id/notes': { admin: true, ids: ['lead'], body: { text: required(requiredText(NOTE_MAX_LENGTH)) } },
    'DELETE /api/leads/:id/notes/:noteId': { admin: true, ids: ['lead', 'random'] },
    'GET /api/leads/:id/timeline': { admin: true, ids: ['lead'] },
    'HEAD /api/leads/:id/timeline': { admin: true, ids: ['lead'] },
    'POST /api/contacts': { admin: false, body: contactBody, headers: { ...formHeaders, ...attributionHeader } },
    'GET /api/contacts': { admin: true, query: inboxQuery(CONTACT_STATUSES) },
    'HEAD /api/contacts': { admin: true, query: inboxQuery(CONTACT_STATUSES) },
    'GET /api/contacts/export.csv': exportOf(inboxQuery(CONTACT_STATUSES)),
    'HEAD /api/contacts/export.csv': exportOf(inboxQuery(CONTACT_STATUSES)),
    'PATCH /api/contacts/:id/status': { admin: true, ids: ['contact'], body: status(CONTACT_STATUSES) },
    'PATCH /api/contacts/:id/spam': { admin: true, ids: ['contact'], body: { spam: required(bool) } },
    'GET /api/contacts/:id': { admin: true, ids: ['contact'] },
    'HEAD /api/contacts/:id': { admin: true, ids: ['contact'] },
    'PATCH /api/contacts/:id/owner': { admin: true, ids: ['contact'], body: { ownerId: required(ownerIdValue) } },
    'PUT /api/contacts/:id/follow-up': { admin: true, ids: ['contact'], body: { at: required(followUpValue) } },
    'POST /api/contacts/:id/notes': { admin: true, ids: ['contact'], body: { text: required(requiredText(NOTE_MAX_LENGTH)) } },
    'DELETE /api/contacts/:id/notes/:noteId': { admin: true, ids: ['contact', 'random'] },
    'GET /api/contacts/:id/timeline': { admin: true, ids: ['contact'] },
    'HEAD /api/contacts/:id/timeline': { admin: true, ids: ['contact'] },
    'GET /api/portfolio': publicRead,
    'HEAD /api/portfolio': publicRead,
    // Page keys, not ids: any id-like value names no page (404); the pages themselves are in content.e2e-spec.ts.
    'GET /api/content/:key': { admin: false, ids: ['random'] },
    'HEAD /api/content/:key': { admin: false, ids: ['random'] },
    'GET /api/admin/content': plainAdmin,
    'HEAD /api/admin/content': plainAdmin,
    'GET /api/admin/content/:key': { admin: true, ids: ['random'] },
    'HEAD /api/admin/content/:key': { admin: true, ids: ['random'] },
    'PUT /api/admin/content/:key': { admin: true, ids: ['random'], body: { fields: required(contentFields), baseVersionId: optional(baseVersionId) } },
    'POST /api/admin/content/:key/publish': { admin: true, ids: ['random'], body: { at: optional(publishAt) } },
    'DELETE /api/admin/content/:key/schedule': { admin: true, ids: ['random'] },
    'POST /api/admin/content/:key/preview': { admin: true, ids: ['random'] },
    'GET /api/admin/content/:key/versions/:id': { admin: true, ids: ['random', 'random'] },
    'HEAD /api/admin/content/:key/versions/:id': { admin: true, ids: ['random', 'random'] },
    'POST /api/admin/content/:key/versions/:id/restore': { admin: true, ids: ['random', 'random'] },
    // Built pages: random ids name no page (404); the pages themselves are in built-pages.e2e-spec.ts.
    'GET /api/admin/pages': plainAdmin,
    'HEAD /api/admin/pages': plainAdmin,
    'POST /api/admin/pages': { admin: true, body: { title: required(pageText), slug: required(pageText) } },
    'GET /api/admin/pages/:id': { admin: true, ids: ['random'] },
    'HEAD /api/admin/pages/:id': { admin: true, ids: ['random'] },
    'PUT /api/admin/pages/:id': { admin: true, ids: ['random'], body: { draft: required(pageDraft), baseVersionId: optional(baseVersionId) } },
    'DELETE /api/admin/pages/:id': { admin: true, ids: ['random'] },
    'POST /api/admin/pages/:id/publish': { admin: true, ids: ['random'], body: { at: optional(publishAt) } },
    'DELETE /api/admin/pages/:id/schedule': { admin: true, ids: ['random'] },
    'POST /api/admin/pages/:id/preview': { admin: true, ids: ['random'] },
    'GET /api/admin/pages/:id/versions/:versionId': { admin: true, ids: ['random', 'random'] },
    'HEAD /api/admin/pages/:id/versions/:versionId': { admin: true, ids: ['random', 'random'] },
    'POST /api/admin/pages/:id/versions/:versionId/restore': { admin: true, ids: ['random', 'random'] },
    // Case studies: random ids name no item (404); the case studies themselves are in case-studies.e2e-spec.ts.
    'GET /api/admin/portfolio/:id': { admin: true, ids: ['random'] },
    'HEAD /api/admin/portfolio/:id': { admin: true, ids: ['random'] },
    'POST /api/admin/portfolio/:id/publish': { admin: true, ids: ['random'], body: { at: optional(publishAt) } },
    'DELETE /api/admin/portfolio/:id/schedule': { admin: true, ids: ['random'] },
    'POST /api/admin/portfolio/:id/preview': { admin: true, ids: ['random'] },
    'GET /api/admin/portfolio/:id/versions/:versionId': { admin: true, ids: ['random', 'random'] },
    'HEAD /api/admin/portfolio/:id/versions/:versionId': { admin: true, ids: ['random', 'random'] },
    'POST /api/admin/portfolio/:id/versions/:versionId/restore': { admin: true, ids: ['random', 'random'] },
    'PUT /api/admin/pages/:id/nav': {
      admin: true,
      ids: ['random'],
      body: { placement: required(oneOf(NAV_PLACEMENTS)), label: required(navLabel), order: required(navOrder) },
    },
    // News posts: random ids name no post (404); the posts themselves are in posts.e2e-spec.ts.
    'GET /api/admin/posts': plainAdmin,
    'HEAD /api/admin/posts': plainAdmin,
    'POST /api/admin/posts': { admin: true, body: { title: required(pageText), slug: required(pageText) } },
    'GET /api/admin/posts/:id': { admin: true, ids: ['random'] },
    'HEAD /api/admin/posts/:id': { admin: true, ids: ['random'] },
    'PUT /api/admin/posts/:id': { admin: true, ids: ['random'], body: { draft: required(pageDraft), baseVersionId: optional(baseVersionId) } },
    'DELETE /api/admin/posts/:id': { admin: true, ids: ['random'] },
    'POST /api/admin/posts/:id/publish': { admin: true, ids: ['random'], body: { at: optional(publishAt) } },
    'DELETE /api/admin/posts/:id/schedule': { admin: true, ids: ['random'] },
    'POST /api/admin/posts/:id/preview': { admin: true, ids: ['random'] },
    'GET /api/admin/posts/:id/versions/:versionId': { admin: true, ids: ['random', 'random'] },
    'HEAD /api/admin/posts/:id/versions/:versionId': { admin: true, ids: ['random', 'random'] },
    'POST /api/admin/posts/:id/versions/:versionId/restore': { admin: true, ids: ['random', 'random'] },
    'GET /api/posts': { admin: false, query: { tag: postTag, page: whole(POSTS_PAGE_MAX) } },
    'HEAD /api/posts': { admin: false, query: { tag: postTag, page: whole(POSTS_PAGE_MAX) } },
    'GET /api/search': { admin: false, query: { q: siteSearch }, requiredQuery: ['q'] },
    'HEAD /api/search': { admin: false, query: { q: siteSearch }, requiredQuery: ['q'] },
    // Redirects: every field is the service's to check (validateRedirect), so any value passes the DTO; random ids name none.
    'GET /api/admin/redirects': plainAdmin,
    'HEAD /api/admin/redirects': plainAdmin,
    'POST /api/admin/redirects': { admin: true, body: { from: required(redirectField), to: required(redirectField), status: required(redirectField) } },
    'DELETE /api/admin/redirects/:id': { admin: true, ids: ['random'] },
    // A picture comes as multipart/form-data (media.e2e-spec.ts and the API document's test): the route answers any JSON
    // body 400, as a request within the rules may be answered.
    'POST /api/admin/media': { admin: true, customBody: fc.jsonValue({ maxDepth: 2 }).map((value) => ({ value, valid: true })) },
    'GET /api/admin/media': { admin: true, query: { page: whole(LIST_MAX_PAGE), limit: whole(LIST_MAX_LIMIT) } },
    'HEAD /api/admin/media': { admin: true, query: { page: whole(LIST_MAX_PAGE), limit: whole(LIST_MAX_LIMIT) } },
    'DELETE /api/admin/media/:id': { admin: true, ids: ['random'] },
    'GET /media/:id/:file': { admin: false, ids: ['random', 'random'] },
    'HEAD /media/:id/:file': { admin: false, ids: ['random', 'random'] },
    'POST /api/portfolio': { admin: true, body: portfolioBody },
    'PUT /api/portfolio/:id': { admin: true, ids: ['portfolio'], body: portfolioBody },
    'DELETE /api/portfolio/:id': { admin: true, ids: ['random'] },
    'GET /api/forms/:form': { admin: false, ids: ['form'] },
    'HEAD /api/forms/:form': { admin: false, ids: ['form'] },
    'GET /api/admin/forms': plainAdmin,
    'HEAD /api/admin/forms': plainAdmin,
    'PUT /api/admin/forms/:form': { admin: true, ids: ['form'], body: { questions: required(questionLists(false)) } },
    'GET /api/jobs': publicRead,
    'HEAD /api/jobs': publicRead,
    'GET /api/jobs/admin': list(JOB_STATUSES),
    'HEAD /api/jobs/admin': list(JOB_STATUSES),
    'POST /api/jobs/admin': { admin: true, body: jobBody },
    'PUT /api/jobs/admin/:id': { admin: true, ids: ['job'], body: jobBody },
    'DELETE /api/jobs/admin/:id': { admin: true, ids: ['random'] },
    // Only `active` keeps the suite's job open to applications; the other statuses are sent to random ids.
    'PUT /api/jobs/admin/:id/status': { admin: true, ids: ['random'], body: status(JOB_STATUSES) },
    // Picked more often than others: a quarter of its requests are the fields' (the fixture job asks nothing), the
    // rest apply to the questioned job, with its answers valid, broken or hostile.
    'POST /api/jobs/apply': {
      admin: false,
      body: applyBody(ids),
      answeredBodies: { weight: 3, bodies: answeredApplications(() => ids().questionedJob) },
      weight: 4,
      headers: { [FORM_TOKEN_HEADER]: formHeaders[FORM_TOKEN_HEADER], ...attributionHeader },
    },
    'GET /api/jobs/applications': { admin: true, query: applicationListQuery() },
    'HEAD /api/jobs/applications': { admin: true, query: applicationListQuery() },
    'GET /api/jobs/applications/:jobId|:applicationId': { admin: true, ids: ['job'], query: applicationListQuery() },
    'HEAD /api/jobs/applications/:jobId|:applicationId': { admin: true, ids: ['job'], query: applicationListQuery() },
    'GET /api/jobs/applications/export.csv': applicationsExport,
    'HEAD /api/jobs/applications/export.csv': applicationsExport,
    'PUT /api/jobs/applications/:jobId|:applicationId/status': { admin: true, ids: ['application'], body: status(APPLICATION_STATUSES) },
    'GET /api/jobs/applications/:jobId|:applicationId/resume': { admin: true, ids: ['application'] },
    'PATCH /api/jobs/applications/:jobId|:applicationId/owner': { admin: true, ids: ['application'], body: { ownerId: required(ownerIdValue) } },
    'PUT /api/jobs/applications/:jobId|:applicationId/follow-up': { admin: true, ids: ['application'], body: { at: required(followUpValue) } },
    'POST /api/jobs/applications/:jobId|:applicationId/notes': { admin: true, ids: ['application'], body: { text: required(requiredText(NOTE_MAX_LENGTH)) } },
    'DELETE /api/jobs/applications/:jobId|:applicationId/notes/:noteId': { admin: true, ids: ['application', 'random'] },
    'GET /api/jobs/applications/:jobId|:applicationId/timeline': { admin: true, ids: ['application'] },
    'HEAD /api/jobs/applications/:jobId|:applicationId/timeline': { admin: true, ids: ['application'] },
    'HEAD /api/jobs/applications/:jobId|:applicationId/resume': { admin: true, ids: ['application'] },
    'GET /api/jobs/admin/:id/pipeline': { admin: true, ids: ['job'], query: { knockedOut: queryBoolean } },
    'HEAD /api/jobs/admin/:id/pipeline': { admin: true, ids: ['job'], query: { knockedOut: queryBoolean } },
    'GET /api/jobs/applications/:jobId|:applicationId/ratings': { admin: true, ids: ['application'] },
    'HEAD /api/jobs/applications/:jobId|:applicationId/ratings': { admin: true, ids: ['application'] },
    'PUT /api/jobs/applications/:jobId|:applicationId/rating': {
      admin: true,
      ids: ['application'],
      body: { score: required(ratingScore), comment: optional(optionalText(RATING_COMMENT_MAX_LENGTH)) },
    },
    'GET /api/jobs/applications/:jobId|:applicationId/interviewers': { admin: true, ids: ['application'] },
    'HEAD /api/jobs/applications/:jobId|:applicationId/interviewers': { admin: true, ids: ['application'] },
    'GET /api/jobs/applications/:jobId|:applicationId/interviews': { admin: true, ids: ['application'] },
    'HEAD /api/jobs/applications/:jobId|:applicationId/interviews': { admin: true, ids: ['application'] },
    'POST /api/jobs/applications/:jobId|:applicationId/interview': {
      admin: true,
      ids: ['application'],
      body: {
        interviewerIds: required({
          valid: fc.array(fc.uuid(), { minLength: 1, maxLength: 5 }),
          invalid: fc.oneof(fc.constant([]), fc.constant('x'), fc.array(fc.string(), { minLength: 1, maxLength: 2 })),
        }),
        minutes: required({
          valid: fc.integer({ min: 15, max: 120 }),
          invalid: fc.oneof(fc.integer({ max: 14 }), fc.integer({ min: 121 }), fc.constant('30')),
        }),
        statusOnBooking: required(oneOf(APPLICATION_STATUSES)),
        message: optional(optionalText(INTERVIEW_LIMITS.messageMaxLength)),
        templateId: optional(templateIdValue),
      },
    },
    'DELETE /api/jobs/applications/:jobId|:applicationId/interviews/:interviewId': { admin: true, ids: ['application', 'random'] },
    'GET /api/jobs/applications/:jobId|:applicationId/emails': { admin: true, ids: ['application'] },
    'HEAD /api/jobs/applications/:jobId|:applicationId/emails': { admin: true, ids: ['application'] },
    'POST /api/jobs/applications/:jobId|:applicationId/emails': { admin: true, ids: ['application'], body: candidateEmailBody },
    'POST /api/jobs/applications/:jobId|:applicationId/emails/preview': { admin: true, ids: ['application'], body: candidateEmailBody },
    'DELETE /api/jobs/applications/:jobId|:applicationId/emails/:emailId': { admin: true, ids: ['application', 'random'] },
    'POST /api/jobs/applications/bulk': {
      admin: true,
      body: { ids: required(applicationIds), ...status(APPLICATION_STATUSES), templateId: optional(templateIdValue), sendAt: optional(sendAtValue) },
    },
    'GET /api/admin/settings/candidate-emails': plainAdmin,
    'HEAD /api/admin/settings/candidate-emails': plainAdmin,
    'PUT /api/admin/settings/candidate-emails': {
      admin: true,
      body: { bookingLink: required(bookingLinkValue), rejectionTemplateId: required(templateIdValue) },
    },
    'POST /api/admin/settings/candidate-emails/templates': { admin: true, body: templateBody },
    'PUT /api/admin/settings/candidate-emails/templates/:id': { admin: true, ids: ['random'], body: templateBody },
    'DELETE /api/admin/settings/candidate-emails/templates/:id': { admin: true, ids: ['random'] },
    'POST /admin/login': { admin: false, body: { email: required(email), password: required(password()) } },
    // Bodies only: the suite's own session is never the one signed out (see fuzz.e2e-spec.ts).
    'POST /admin/logout': { admin: true },
    'POST /admin/verify-2fa': {
      admin: false,
      body: { adminId: required(adminId), challenge: optional(challenge), otp: required(otp), recoveryCode: optional(recoveryCode) },
    },
    'POST /admin/resend-otp': { admin: false, body: { adminId: required(adminId), challenge: optional(challenge) } },
    'POST /api/admin/passkey/options': { admin: false },
    'POST /api/admin/passkey/verify': { admin: false, body: { response: required(ceremonyResponse) } },
    'GET /api/admin/sso': { admin: false },
    'HEAD /api/admin/sso': { admin: false },
    'POST /api/admin/sso/exchange': { admin: false, body: { ticket: required(ssoTicket) } },
    'GET /admin/sso/start': { admin: false, page: true },
    'HEAD /admin/sso/start': { admin: false, page: true },
    'GET /admin/sso/callback': { admin: false, page: true, query: { state: ssoAnswerPart, code: ssoAnswerPart } },
    'HEAD /admin/sso/callback': { admin: false, page: true, query: { state: ssoAnswerPart, code: ssoAnswerPart } },
    'POST /admin/accept-invite': { admin: false, body: { token: required(inviteToken), password: required(password()) } },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// From a route's description to requests.

/** One line per request in a failure report (bodies of megabytes cut short). */
export function describeRequest(request: FuzzRequest): string {
  const kept = 1000;
  const more = (text: string) => (text.length > kept ? `… (${text.length} characters)` : '');
  const cut = (text: string) => `${text.slice(0, kept)}${more(text)}`;
  // Cut before quoting: quoting a body of megabytes whole, to keep its first thousand characters, took seconds a run.
  const body = request.payload === undefined ? undefined : String(request.payload);
  const payload = body === undefined ? '' : ` body ${JSON.stringify(body.slice(0, kept))}${more(body)}`;
  return `${request.method} ${cut(request.url)} [${request.signedIn ? 'owner' : 'no session'}, expect ${request.expect}] headers ${cut(JSON.stringify(request.headers))}${payload}`;
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Percent-encodes the UTF-8 bytes of `text` (a lone surrogate becomes U+FFFD, where encodeURIComponent throws). */
function encode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) => (/[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`))
    .join('');
}

/** Over the ordinary routes' limit, and over the apply route's (built once: megabytes per request cost time). */
const OVERSIZED_BODIES = [150, 8000].map((kilobytes) => `{"a":"${'a'.repeat(kilobytes * 1024)}"}`);

/** A hostile path parameter: not an id, encoded oddly, or too long. `raw` when Fastify may refuse it itself. */
const hostileId: Part<string> = fc.oneof(
  fc
    .constantFrom('1', '0', '-1', 'null', 'undefined', '__proto__', 'constructor', "'%20OR%201=1--", '%25', '%2e%2e%2f%2e%2e%2fetc', 'a%2Fb', '%F0%9F%92%A9')
    .map((value) => ({ value, valid: false, raw: false })),
  fc.uuid().map((uuid) => ({ value: `${uuid}x`, valid: false, raw: false })),
  fc.uuid().map((uuid) => ({ value: uuid.toUpperCase().replace(/-/g, ''), valid: false, raw: false })),
  fc.constantFrom('%00', 'a%00b', '%ZZ', '%', '%E0%A4%A', '%C0%AF', 'x'.repeat(5000)).map((value) => ({ value, valid: false, raw: true })),
);

/** A path parameter that names something or may: a row's id or any id, or a form's name or one of no form (404). */
function realParameter(kind: IdKind, ids: () => FuzzIds): fc.Arbitrary<string> {
  if (kind === 'form') return fc.constantFrom(...QUESTION_FORMS, 'application', 'newsletter');
  if (kind === 'random') return fc.uuid();
  return fc.oneof(
    fc.constant(null).map(() => ids()[kind]),
    fc.uuid(),
  );
}

function idPart(kind: IdKind, ids: () => FuzzIds): Part<string> {
  const real = realParameter(kind, ids);
  return fc.oneof({ weight: 3, arbitrary: real.map((value) => ({ value, valid: true, raw: false })) }, { weight: 2, arbitrary: hostileId });
}

/** A query string: valid and invalid fields, unknown and repeated keys, raw encodings. */
function queryPart(route: RouteFuzz): Part<string> {
  const fields = route.query;
  const requiredKeys = route.requiredQuery ?? [];
  if (!fields) {
    // No DTO reads the query: anything there is ignored.
    return fc
      .option(fc.array(fc.tuple(hostileKeys, fc.string({ maxLength: 20 })), { maxLength: 3 }), { nil: undefined })
      .map((pairs) => ({ value: (pairs ?? []).map(([key, value]) => `${encode(key)}=${encode(value)}`).join('&'), valid: true, raw: false }));
  }
  const names = Object.keys(fields);
  const field = (name: string) => {
    const values = present(fields[name], `the query field ${name}`);
    return fc.oneof(
      { weight: 3, arbitrary: values.valid.map((value) => ({ name, value: String(value), valid: true })) },
      { weight: 1, arbitrary: values.invalid.map((value) => ({ name, value: typeof value === 'string' ? value : JSON.stringify(value), valid: false })) },
    );
  };
  const entries = fc.tuple(...names.map((name) => (requiredKeys.includes(name) ? field(name) : fc.option(field(name), { nil: undefined, freq: 2 }))));
  const extras = fc.oneof(
    { weight: 6, arbitrary: fc.constant([] as { text: string; valid: boolean }[]) },
    // An unknown key is refused (forbidNonWhitelisted), except the names of Object.prototype's members (dropped).
    {
      weight: 1,
      arbitrary: hostileKeys
        .filter((key) => key !== '' && !names.includes(key) && !key.includes('\u0000'))
        .map((key) => [{ text: `${encode(key)}=1`, valid: DROPPED_KEYS.has(key) }]),
    },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((name) => [{ text: `${name}=1&${name}=2`, valid: false }]) },
    { weight: 1, arbitrary: fc.constantFrom(...names).map((name) => [{ text: `${name}[]=1`, valid: false }]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('__proto__[admin]=1', 'constructor[prototype][x]=1', 'page=%00', 'limit=%').map((text) => [{ text, valid: false }]),
    },
  );
  return fc.tuple(entries, extras).map(([given, extra]) => {
    const present = given.filter((entry): entry is { name: string; value: string; valid: boolean } => entry !== undefined);
    const text = [...present.map((entry) => `${entry.name}=${encode(entry.value)}`), ...extra.map((entry) => entry.text)].join('&');
    const filled = (name: string) => present.some((entry) => entry.name === name && entry.value !== '');
    const paired = QUERY_PAIRS.every(([one, other]) => filled(one) === filled(other));
    return { value: text, valid: paired && present.every((entry) => entry.valid) && extra.every((entry) => entry.valid), raw: false };
  });
}

/** A route's body: the fields' (below), or one of its whole answered bodies. */
function bodyPart(route: RouteFuzz): Part<{ text: string; contentType: string } | undefined> {
  const fields = fieldsBodyPart(route);
  if (!route.answeredBodies) return fields;
  const answered = route.answeredBodies.bodies.map(({ value, expect }) => {
    const text = JSON.stringify(value);
    return { value: { text, contentType: 'application/json' }, valid: expect !== 'reject', accept: expect === 'accept', raw: refusedByParser(text) };
  });
  return fc.oneof({ weight: 1, arbitrary: fields }, { weight: route.answeredBodies.weight, arbitrary: answered });
}

/** A JSON body: valid, with fields broken or missing, with hostile extra keys, or not an object / not JSON at all. */
function fieldsBodyPart(route: RouteFuzz): Part<{ text: string; contentType: string } | undefined> {
  const json = (text: string) => ({ text, contentType: 'application/json' });
  const hostileShapes: Part<{ text: string; contentType: string } | undefined> = fc.oneof(
    notAnObject.map((text) => ({ value: json(text), valid: false, raw: refusedByParser(text) })),
    malformedJson.map((text) => ({ value: json(text), valid: false, raw: true })),
    fc.constant({ value: undefined, valid: false, raw: false }),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/xml',
        'application/json; charset=latin1',
        'application/json-patch+json',
        'image/png',
      )
      .map((contentType) => ({ value: { text: 'a=1', contentType }, valid: false, raw: true })),
    fc.constantFrom(...OVERSIZED_BODIES).map((text) => ({ value: json(text), valid: false, raw: true })),
  );
  if (route.customBody) {
    return fc.oneof(
      { weight: 4, arbitrary: route.customBody.map(({ value, valid }) => ({ value: json(JSON.stringify(value)), valid, raw: false })) },
      { weight: 1, arbitrary: hostileShapes },
    );
  }
  const body = route.body;
  if (!body) {
    // A route without a body DTO ignores any JSON object sent to it.
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant({ value: undefined, valid: true, raw: false }) },
      {
        weight: 1,
        arbitrary: fc
          .dictionary(
            hostileKeys.filter((key) => key !== '__proto__' && key !== 'constructor'),
            fc.jsonValue({ maxDepth: 2 }),
            { maxKeys: 3 },
          )
          .map((value) => ({ value: json(JSON.stringify(value)), valid: true, raw: false })),
      },
      { weight: 1, arbitrary: hostileShapes.map((part) => ({ ...part, valid: part.raw ? false : true })) },
    );
  }
  const names = Object.keys(body);
  const fieldOf = (name: string) => present(body[name], `the body field ${name}`);
  const valueOf = (name: string) => fieldOf(name).values.valid;
  const validEntries = fc.tuple(...names.map((name) => (fieldOf(name).required ? valueOf(name) : fc.option(valueOf(name), { nil: undefined, freq: 3 }))));
  const toEntries = (values: unknown[]): [string, unknown][] =>
    names.flatMap((name, index) => (values[index] === undefined ? [] : [[name, values[index]] as [string, unknown]]));
  // Break one field or more: an invalid value, or a required field left out.
  const broken = fc
    .tuple(validEntries, fc.uniqueArray(fc.nat({ max: names.length - 1 }), { minLength: 1, maxLength: Math.min(3, names.length) }))
    .chain(([values, indexes]) =>
      fc
        .tuple(
          ...indexes.map((index) => {
            const field = fieldOf(present(names[index], `field ${index}`));
            // An optional field may be left out or null (IsOptional): only its wrong values break it.
            return field.required ? fc.option(field.values.invalid, { nil: undefined, freq: 5 }) : field.values.invalid.filter((value) => value !== null);
          }),
        )
        .map((replacements) => {
          const next = [...values];
          indexes.forEach((index, position) => (next[index] = replacements[position]));
          return next;
        }),
    );
  const extraKeys = fc.tuple(
    validEntries,
    fc.array(
      fc.tuple(
        hostileKeys.filter((key) => !names.includes(key)),
        fc.jsonValue({ maxDepth: 2 }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
  );
  // With every field optional, no body (or `null`) is the empty object: Nest's ValidationPipe reads it so.
  const allOptional = names.every((name) => !fieldOf(name).required);
  const shapes = allOptional
    ? hostileShapes.map((part) => (part.value === undefined || part.value.text === 'null' ? { ...part, valid: true } : part))
    : hostileShapes;
  return fc.oneof(
    { weight: 3, arbitrary: validEntries.map((values) => ({ value: json(objectText(toEntries(values))), valid: true, raw: false })) },
    { weight: 6, arbitrary: broken.map((values) => ({ value: json(objectText(toEntries(values))), valid: false, raw: false })) },
    {
      weight: 2,
      arbitrary: extraKeys.map(([values, extra]) => ({
        value: json(objectText([...toEntries(values), ...extra])),
        // Fastify's parser refuses `__proto__` (and `constructor.prototype`) itself, before the session is checked;
        // other keys of Object.prototype are dropped; any other unknown key is refused.
        valid: extra.every(([key]) => key !== '__proto__' && DROPPED_KEYS.has(key)),
        raw: extra.some(([key, value]) => key === '__proto__' || key === 'constructor' || holdsParserRefusedKey(value)),
      })),
    },
    { weight: 2, arbitrary: shapes },
  );
}

/** Whether a value holds, at any depth, a key Fastify's JSON parser refuses (fc.jsonValue makes `__proto__` keys too). */
function holdsParserRefusedKey(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(holdsParserRefusedKey);
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(([key, inner]) => key === '__proto__' || key === 'constructor' || holdsParserRefusedKey(inner));
}

/** Headers every route may meet: odd Accept, request ids, forwarded-for, cookies; none changes the rules. */
const commonHeaders = fc.dictionary(
  fc.constantFrom('accept', 'x-request-id', 'x-forwarded-for', 'cookie', 'origin', 'accept-language', 'user-agent'),
  fc.oneof(
    fc.string({ maxLength: 40 }).filter((text) => /^[\t\x20-\x7e]*$/.test(text)),
    fc.constantFrom('*/*', 'text/csv', '../../', '127.0.0.1, ::1, 999.1.1.1', 'a'.repeat(4000), '__proto__=1'),
  ),
  { maxKeys: 3 },
);

/** How the session travels: the owner's token, none, or a forged one. */
const authPart = fc.oneof(
  { weight: 6, arbitrary: fc.constant<{ kind: 'owner' | 'none' | 'forged'; header?: string }>({ kind: 'owner' }) },
  { weight: 2, arbitrary: fc.constant<{ kind: 'owner' | 'none' | 'forged'; header?: string }>({ kind: 'none' }) },
  {
    weight: 2,
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          'Bearer',
          'Bearer ',
          'Bearer null',
          'Basic YWRtaW46YWRtaW4=',
          'bearer x.y.z',
          'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
          `Bearer ${'a'.repeat(8000)}`,
        ),
        fc
          .string({ maxLength: 60 })
          .filter((text) => /^[\x20-\x7e]*$/.test(text))
          .map((text) => `Bearer ${text}`),
      )
      .map((header) => ({ kind: 'forged' as const, header })),
  },
);

/** Requests for one route: each part valid or hostile, and the answer the whole request must get. */
export function requestsFor(key: string, route: RouteFuzz, ids: () => FuzzIds): fc.Arbitrary<FuzzRequest> {
  const { method, pattern } = routeParts(key);
  const params = pattern.match(/:[\w|:]+/g) ?? [];
  const idKinds = route.ids ?? [];
  if (idKinds.length !== params.length) throw new Error(`${key}: ${params.length} path parameters, ${idKinds.length} id kinds`);
  const extraHeaders = fc.record(Object.fromEntries(Object.entries(route.headers ?? {}).map(([name, values]) => [name, values])), {
    requiredKeys: [],
  }) as fc.Arbitrary<Record<string, string>>;
  return fc
    .record({
      ids: fc.tuple(...idKinds.map((kind) => idPart(kind, ids))),
      query: queryPart(route),
      body: BODY_METHODS.has(method) ? bodyPart(route) : fc.constant({ value: undefined, valid: true, raw: false, accept: false }),
      headers: fc.tuple(commonHeaders, extraHeaders),
      auth: route.admin ? authPart : fc.oneof(fc.constant({ kind: 'none' as const }), authPart),
    })
    .map(({ ids: idValues, query, body, headers, auth }) => {
      let index = 0;
      const path = pattern.replace(/:[\w|:]+/g, () => present(idValues[index++], 'an id for each parameter').value);
      const url = query.value ? `${path}?${query.value}` : path;
      const payload = body.value?.text;
      // Over the route's body limit: answered 413 before the session is checked.
      const limit = key === 'POST /api/jobs/apply' ? APPLY_BODY_LIMIT_BYTES : DEFAULT_BODY_LIMIT_BYTES;
      const tooLarge = payload !== undefined && payload.length > limit / 3 && Buffer.byteLength(payload) > limit;
      const raw = !route.answersAnything && (idValues.some((part) => part.raw) || body.raw || query.raw || tooLarge);
      const valid = route.answersAnything || (idValues.every((part) => part.valid) && body.valid && query.valid);
      const accept = valid && body.accept === true;
      const allHeaders: Record<string, string> = { ...headers[0], ...headers[1] };
      if (body.value) allHeaders['content-type'] = body.value.contentType;
      if (auth.kind === 'forged' && auth.header) allHeaders.authorization = auth.header;
      const request: FuzzRequest = {
        route: key,
        method,
        url,
        headers: allHeaders,
        payload,
        signedIn: auth.kind === 'owner',
        expect: accept ? 'accept' : valid ? 'any' : 'reject',
        raw,
      };
      // fast-check prints a counterexample with this, not with megabytes of body.
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}
