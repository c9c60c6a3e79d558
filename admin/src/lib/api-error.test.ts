import { parseApiFailure } from '@brightwave/common';
import { errorMessage, fieldErrorsOf } from './api-error';

// How RTK Query hands a failed call over: the HTTP status and the answer's body, or a fetch error without one.
const refusal = (data: unknown) => ({ status: 400, data });

describe('the failure envelope', () => {
  it('reads the message and the errors by field of { success: false, message, errors }', () => {
    const body = { success: false, message: 'Subject is required', errors: { subject: 'Subject is required', 'offer.cards.2.title': 'Title is required' } };
    expect(parseApiFailure(body)).toEqual({ message: 'Subject is required', errors: body.errors });
  });

  it('says nothing of what is not an envelope: no body, text, a list, an HTML page from a proxy', () => {
    for (const body of [undefined, null, 'Bad Gateway', ['message'], '<html><body>502</body></html>']) {
      expect(parseApiFailure(body)).toEqual({ message: undefined, errors: {} });
    }
  });

  it('counts a blank message and errors that are not text as none', () => {
    expect(parseApiFailure({ success: false, message: '  ', errors: { url: '', events: 3, name: 'Name is required' } })).toEqual({
      message: undefined,
      errors: { name: 'Name is required' },
    });
    expect(parseApiFailure({ success: false, message: 'Refused', errors: ['url'] })).toEqual({ message: 'Refused', errors: {} });
  });
});

describe('the admin reading a failed call', () => {
  it("gives the server's message, else the fallback", () => {
    expect(errorMessage(refusal({ success: false, message: 'The link must start with https://' }), 'Failed to save')).toBe('The link must start with https://');
    expect(errorMessage(refusal({ success: false, message: '' }), 'Failed to save')).toBe('Failed to save');
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, 'Failed to save')).toBe('Failed to save');
    expect(errorMessage(new Error('thrown'), 'Failed to save')).toBe('Failed to save');
  });

  it('gives the errors by field of a refused form, and none when the failure names no field', () => {
    expect(fieldErrorsOf(refusal({ success: false, message: 'URL is invalid', errors: { url: 'URL is invalid' } }))).toEqual({ url: 'URL is invalid' });
    expect(fieldErrorsOf({ status: 409, data: { success: false, message: 'Someone saved a newer draft' } })).toEqual({});
    expect(fieldErrorsOf({ status: 'FETCH_ERROR', error: 'offline' })).toEqual({});
    expect(fieldErrorsOf(undefined)).toEqual({});
  });
});
