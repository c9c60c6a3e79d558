import { CONTACT_STATUSES, MESSAGES } from '@brightwave/common';
import { loginAsAdmin } from './support/admin-session';
import { createTestApp, TestApp } from './support/test-app';

const validContact = { name: 'Alan Turing', email: 'alan@example.com', department: 'sales', message: 'Please call me back.' };

describe('Contacts API', () => {
  let t: TestApp;
  let token: string;
  const auth = () => ({ Authorization: `Bearer ${token}` });
  const countContacts = async () => (await t.http.get('/api/contacts').set(auth())).body.total as number;

  beforeAll(async () => {
    t = await createTestApp();
    token = await loginAsAdmin(t);
  });
  afterAll(() => t.close());

  it('stores a contact message without a phone', async () => {
    const response = await t.http.post('/api/contacts').send(validContact).expect(201);
    expect(response.body).toMatchObject({ success: true, message: MESSAGES.contactSuccess });
    expect(response.body.data).toMatchObject({ ...validContact, status: 'pending' });
    expect(response.body.data).not.toHaveProperty('phone');
  });

  it('stores the phone when it is sent (digits with one leading +)', async () => {
    const response = await t.http
      .post('/api/contacts')
      .send({ ...validContact, phone: '+441234567890' })
      .expect(201);
    expect(response.body.data.phone).toBe('+441234567890');
    const list = await t.http.get('/api/contacts').set(auth()).expect(200);
    expect(list.body.contacts[0].phone).toBe('+441234567890');
  });

  it.each([
    ['name missing', { name: '' }, 'name'],
    ['email invalid', { email: 'alan@' }, 'email'],
    ['department missing', { department: '' }, 'department'],
    ['department unknown', { department: 'legal' }, 'department'],
    ['message missing', { message: ' ' }, 'message'],
    ['phone with letters', { phone: '12ab' }, 'phone'],
    ['phone with a plus inside', { phone: '12+34' }, 'phone'],
    ['phone with two pluses', { phone: '++1234' }, 'phone'],
    ['an unknown field', { status: 'resolved' }, 'status'],
  ])('rejects a contact message with %s (400, nothing stored)', async (_case, change, field) => {
    const before = await countContacts();
    const response = await t.http
      .post('/api/contacts')
      .send({ ...validContact, ...change })
      .expect(400);
    expect(response.body.errors).toHaveProperty(field);
    expect(await countContacts()).toBe(before);
  });

  it('sets any of the three statuses and filters by status', async () => {
    const created = (await t.http.post('/api/contacts').send(validContact).expect(201)).body.data;
    for (const status of CONTACT_STATUSES) {
      const response = await t.http.patch(`/api/contacts/${created._id}/status`).set(auth()).send({ status }).expect(200);
      expect(response.body.data.status).toBe(status);
    }
    const resolved = await t.http.get('/api/contacts?status=resolved').set(auth()).expect(200);
    expect(resolved.body.contacts.map((contact: { _id: string }) => contact._id)).toEqual([created._id]);
  });

  it('answers 404 for an unknown contact id', async () => {
    const response = await t.http.patch('/api/contacts/00000000-0000-4000-8000-000000000000/status').set(auth()).send({ status: 'resolved' }).expect(404);
    expect(response.body.message).toBe(MESSAGES.contactNotFound);
  });
});
