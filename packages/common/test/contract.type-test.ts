// Type-level tests of the API contract, checked by `npm run typecheck` (tsc fails on an unused @ts-expect-error):
// each line below renames or retypes a key, and must not compile.
import type { AnswerOf, ApiSuccess, BodyOf } from '../src';
import type { Lead } from '../src';

const lead = {} as Lead;
const ok = <Fields extends object>(fields: Fields): ApiSuccess<Fields> => ({ success: true, ...fields });

// The answers a controller returns: a renamed key is a compile error.
export const listed: AnswerOf<'GET /api/leads'> = ok({ leads: [lead], total: 1 });
// @ts-expect-error `lead` is not the list's key
export const renamedList: AnswerOf<'GET /api/leads'> = ok({ lead: [lead], total: 1 });
// @ts-expect-error `datum` is not `data`
export const renamedData: AnswerOf<'PATCH /api/leads/:id/status'> = ok({ datum: lead });
// @ts-expect-error the login answer needs its adminId
export const withoutAdminId: AnswerOf<'POST /admin/login'> = ok({ admin: 'x', challenge: 'y', message: 'z' });
// @ts-expect-error a failure is not a success answer
export const failure: AnswerOf<'GET /api/health'> = { success: false, status: 'ok' };

// The bodies a client sends: a renamed field is a compile error.
export const quote: BodyOf<'POST /api/leads'> = { name: 'Ada', email: 'ada@example.com', service: 'web', message: 'Hi' };
// @ts-expect-error `services` is not `service`
export const renamedField: BodyOf<'POST /api/leads'> = { name: 'Ada', email: 'ada@example.com', services: 'web', message: 'Hi' };
// @ts-expect-error a status outside the lead statuses
export const unknownStatus: BodyOf<'PATCH /api/leads/:id/status'> = { status: 'archived' };
