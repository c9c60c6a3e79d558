import { required } from '@brightwave/common';
import { Logger } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import type { DeliveryRow } from '../database/schema';
import type { MailMessage, MailService } from '../mail/mail.service';
import type { WebhookSender } from '../webhooks/webhook-sender';
import type { ChatSender } from './chat-sender';
import type { DeliverySubject } from './delivery-mails';
import { DeliveryWorker, GIVE_UP_AFTER_MS } from './delivery-worker';
import type { DeliverySubjectsRepository } from './delivery-subjects.repository';
import type { OutboxRepository } from './outbox.repository';

// Unit test of the worker alone: the outbox table and the mail server are replaced by recorders, to reach
// failures and slow servers on demand. One round runs per test: wake() starts it, the shutdown hook awaits it.
// The production timings: a 60 s lease, a first retry after 15 s.
const LEASE_MS = 60_000;
const config = {
  server: { publicUrl: 'https://www.example.com' },
  mail: { from: 'Brightwave <no-reply@example.com>' },
  timings: { outboxLeaseMs: LEASE_MS, outboxFirstRetryMs: 15_000 },
} as AppConfig;
const lead: DeliverySubject = {
  kind: 'lead',
  id: '3f2504e0-4f89-41d3-9a0c-0305e82c3301',
  name: 'Jane Doe',
  email: 'jane@example.com',
  service: 'web',
  message: 'Hello',
  answers: [],
  createdAt: new Date(),
};

function row(index: number, overrides: Partial<DeliveryRow> = {}): DeliveryRow {
  return {
    id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
    topic: 'lead.confirmation',
    subjectId: lead.id,
    recipient: `visitor${index}@example.com`,
    status: 'sending',
    attempts: 1,
    nextAttemptAt: new Date(),
    leaseUntil: new Date(Date.now() + LEASE_MS),
    lastError: null,
    sentAt: null,
    retriedAt: null,
    sendAt: null,
    webhookId: null,
    payload: null,
    calendar: null,
    createdAt: new Date(),
    ...overrides,
  };
}

function recorder(rows: DeliveryRow[], send: (message: MailMessage) => Promise<void>, subjects = new Map([[lead.id, lead]])) {
  const calls = {
    sent: [] as string[][],
    failed: [] as Array<{ id: string; error: string; next: Date | undefined }>,
    released: [] as string[][],
    mails: [] as MailMessage[],
  };
  const outbox = {
    claimDue: async () => rows,
    markSent: async (ids: string[]) => void calls.sent.push(ids),
    markFailed: async (id: string, error: string, next: Date | undefined) => void calls.failed.push({ id, error, next }),
    release: async (ids: string[]) => void calls.released.push(ids),
  } as unknown as OutboxRepository;
  const reader = { subjectsOf: async () => subjects } as unknown as DeliverySubjectsRepository;
  const mail = {
    send: async (message: MailMessage) => {
      calls.mails.push(message);
      await send(message);
    },
  } as unknown as MailService;
  // Mail rows only here: webhook calls are tested end to end against a real receiver (test/webhooks.e2e-spec.ts).
  const webhooks = {} as WebhookSender;
  return { worker: new DeliveryWorker(config, outbox, reader, mail, webhooks, {} as ChatSender), calls };
}

async function oneRound(worker: DeliveryWorker): Promise<void> {
  worker.wake();
  await worker.beforeApplicationShutdown();
}

describe(DeliveryWorker.name, () => {
  afterEach(() => jest.restoreAllMocks());

  it('sends every claimed row with its stable Message-ID and marks them sent in one call', async () => {
    const rows = [row(1), row(2), row(3), row(4)];
    const { worker, calls } = recorder(rows, async () => undefined);
    await oneRound(worker);
    expect(calls.mails.map((mail) => mail.messageId).sort()).toEqual(rows.map((claimed) => `<${claimed.id}@brightwave.outbox>`).sort());
    expect(calls.sent).toHaveLength(1);
    expect(required(calls.sent[0], 'the sent batch').sort()).toEqual(rows.map((claimed) => claimed.id).sort());
    expect(calls.failed).toEqual([]);
  });

  it('puts a refused message back for a retry 15 s (± 20 %) later, without the URL in its error, and sends the others', async () => {
    const [refused, accepted] = [row(1), row(2)];
    const rows = [refused, accepted];
    const { worker, calls } = recorder(rows, async (message) => {
      if (message.to === refused.recipient) throw new Error('connect ECONNREFUSED smtp://user:secret@mail.example.com:25');
    });
    const before = Date.now();
    await oneRound(worker);
    expect(calls.sent).toEqual([[accepted.id]]);
    expect(calls.failed).toHaveLength(1);
    const failure = required(calls.failed[0], 'the failure');
    expect(failure.id).toBe(refused.id);
    expect(failure.error).toBe('connect ECONNREFUSED <url>');
    const retryIn = required(failure.next, 'the next attempt').getTime() - before;
    expect(retryIn).toBeGreaterThanOrEqual(12_000);
    expect(retryIn).toBeLessThanOrEqual(18_000 + 1_000);
  });

  it("logs a message not sent by its row id and topic, never the recipient, not even inside the server's reason", async () => {
    const warnings: string[] = [];
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((message: unknown) => void warnings.push(String(message)));
    const rejected = row(1);
    const { worker, calls } = recorder([rejected], async () => {
      throw new Error(`550 5.1.1 <${rejected.recipient}>: Recipient address rejected`);
    });
    await oneRound(worker);
    expect(calls.mails.map((mail) => mail.topic)).toEqual(['lead.confirmation']);
    expect(warnings).toEqual([`lead.confirmation ${rejected.id} not sent (attempt 1): 550 5.1.1 <<address>>: Recipient address rejected`]);
  });

  it('gives a message up after a day of failures, counted from Retry now when an admin chose it', async () => {
    const dayAgo = new Date(Date.now() - GIVE_UP_AFTER_MS);
    const old = row(1, { createdAt: dayAgo, attempts: 140 });
    const retried = row(2, { createdAt: dayAgo, retriedAt: new Date(), attempts: 1 });
    const { worker, calls } = recorder([old, retried], async () => {
      throw new Error('421 try again later');
    });
    await oneRound(worker);
    expect(calls.failed.find((failure) => failure.id === old.id)?.next).toBeUndefined();
    expect(calls.failed.find((failure) => failure.id === retried.id)?.next).toBeInstanceOf(Date);
  });

  it('marks a message failed, without sending, when what it was about no longer exists', async () => {
    const { worker, calls } = recorder([row(1)], async () => undefined, new Map());
    await oneRound(worker);
    expect(calls.mails).toEqual([]);
    expect(calls.failed).toEqual([{ id: row(1).id, error: 'what this message was about no longer exists', next: undefined }]);
  });

  it('gives untried rows back once half the lease is used, so no other instance sends them while this one still might', async () => {
    const rows = Array.from({ length: 10 }, (_, index) => row(index));
    let now = Date.now();
    jest.spyOn(Date, 'now').mockImplementation(() => now);
    // A slow mail server: three messages go out at once and each wave takes 20 s, so two waves fit in half the lease.
    const { worker, calls } = recorder(rows, async () => {
      await Promise.resolve();
      now += 20_000 / 3;
    });
    await oneRound(worker);
    const sent = calls.sent.flat();
    const released = calls.released.flat();
    expect(sent.length).toBeGreaterThan(0);
    expect(released.length).toBeGreaterThan(0);
    expect([...sent, ...released].sort()).toEqual(rows.map((claimed) => claimed.id).sort());
    expect(calls.mails).toHaveLength(sent.length);
  });
});
