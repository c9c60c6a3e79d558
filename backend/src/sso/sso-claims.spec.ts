import { emailOf, mappedRole, nameOf, roleClaimValues } from './sso-claims';

describe('the claims of a single sign-on', () => {
  it('takes the e-mail, lower-cased, as verified only by a boolean true, or by Entra ID’s domain-owner claim when email_verified is absent', () => {
    expect(emailOf({ email: ' Ada@Example.TEST ', email_verified: true })).toEqual({ email: 'ada@example.test', verified: true });
    expect(emailOf({ email: 'ada@example.test', email_verified: 'true' })).toEqual({ email: 'ada@example.test', verified: false });
    expect(emailOf({ email: 'ada@example.test' })).toEqual({ email: 'ada@example.test', verified: false });
    expect(emailOf({ email: 'ada@example.test', xms_edov: true })).toEqual({ email: 'ada@example.test', verified: true });
    // A provider that says it did not verify it is not overruled.
    expect(emailOf({ email: 'ada@example.test', email_verified: false, xms_edov: true })).toEqual({ email: 'ada@example.test', verified: false });
    expect(emailOf({ email: 'not-an-address' })).toBeUndefined();
    expect(emailOf({})).toBeUndefined();
  });

  it('maps the role claim through the map, or by a role’s own name; of several, the most privileged; else none', () => {
    expect(roleClaimValues({ roles: 'eng' }, 'roles')).toEqual(['eng']);
    expect(roleClaimValues({ groups: ['a', 1, 'b'] }, 'groups')).toEqual(['a', 'b']);
    expect(roleClaimValues({ roles: { eng: true } }, 'roles')).toEqual([]);
    const map = new Map([
      ['eng', 'recruiter'],
      ['boss', 'owner'],
    ] as const);
    expect(mappedRole(['eng', 'boss'], map)).toBe('owner');
    expect(mappedRole(['owner'], map)).toBeUndefined();
    expect(mappedRole(['sales', 'editor'], undefined)).toBe('sales');
    expect(mappedRole(['nobody'], undefined)).toBeUndefined();
  });

  it('names a new admin by the name claim, else by the local part of the e-mail', () => {
    expect(nameOf({ name: '  Ada Lovelace ' }, 'ada@example.test')).toBe('Ada Lovelace');
    expect(nameOf({}, 'ada.l@example.test')).toBe('ada.l');
  });
});
