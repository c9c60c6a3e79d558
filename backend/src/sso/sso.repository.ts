import { Inject, Injectable } from '@nestjs/common';
import { and, eq, lt } from 'drizzle-orm';
import { DATABASE, type Database } from '../database/database';
import { ssoRequests, ssoTickets, type SsoRequestRow } from '../database/schema';

/** A sign-in started at the provider, as kept until its answer comes back. */
export type NewSsoRequest = Pick<SsoRequestRow, 'stateHash' | 'nonce' | 'codeVerifier' | 'browserHash' | 'createdAt' | 'expiresAt'>;

/** The handshakes of single sign-on (decision 093): started sign-ins and the tickets of finished ones, each used once. */
@Injectable()
export class SsoRepository {
  constructor(@Inject(DATABASE) private readonly db: Database) {}

  /** Keeps a started sign-in; the expired ones go at the same time. */
  async addRequest(request: NewSsoRequest, now: Date): Promise<void> {
    await this.db.delete(ssoRequests).where(lt(ssoRequests.expiresAt, now));
    await this.db.insert(ssoRequests).values(request);
  }

  /**
   * Takes the started sign-in of this state and browser (its row is deleted: the answer is used once, on whichever
   * instance it reaches); undefined when there is none, or it expired. Of two requests with the same answer, one takes it.
   */
  async takeRequest(stateHash: string, browserHash: string, now: Date): Promise<SsoRequestRow | undefined> {
    const [row] = await this.db
      .delete(ssoRequests)
      .where(and(eq(ssoRequests.stateHash, stateHash), eq(ssoRequests.browserHash, browserHash)))
      .returning();
    return row && row.expiresAt > now ? row : undefined;
  }

  /** Keeps a ticket for the admin; the expired ones go at the same time. */
  async addTicket(ticketHash: string, adminId: string, expiresAt: Date, now: Date): Promise<void> {
    await this.db.delete(ssoTickets).where(lt(ssoTickets.expiresAt, now));
    await this.db.insert(ssoTickets).values({ ticketHash, adminId, expiresAt });
  }

  /** Takes the ticket (deleted: it is exchanged once); the admin it was given for, unless there is none or it expired. */
  async takeTicket(ticketHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db.delete(ssoTickets).where(eq(ssoTickets.ticketHash, ticketHash)).returning();
    return row && row.expiresAt > now ? row.adminId : undefined;
  }
}
